"""Round 24, engine parity of ``ethiclens monitor``.

A label or prediction stored as booleans in one Parquet file and as int64 0/1 in another is
accepted by the audit (a boolean is 0 or 1), but the monitor's engines refused it in three
wordings (pandas: "holds the text values ['0', '1']", DuckDB: "found values ['False',
'True']", Dask and Spark: "found values ['0', '1', 'False', 'True']"): every engine now reads
it as the audit does, ``--pos-label 1`` naming True, and refuses a 2 in one wording. A float32
propensity was widened by pandas and Dask (0.7 as 0.699999988) where DuckDB and Spark read
the 0.7 it prints as: the estimates differed by about 1e-8; now every engine reads 0.7."""

import datetime as dt
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor import run_monitor
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

from .conftest import request_of

pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
FAST = ("pandas", "duckdb", "dask")


def _rows(seed: int, day: int, n: int = 40) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "ts": pd.Timestamp(f"2024-01-0{day}", tz="UTC")
            + pd.to_timedelta(rng.integers(0, 20, n), unit="h"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "g": rng.choice(["A", "B"], n),
            "pi": rng.choice([0.3, 0.7, 0.9, 0.11, 0.13], n).astype("float32"),
        }
    )


def _files(folder, bools=("label",), two=False, float32=False):
    """a.parquet with the columns ``bools`` as booleans, b.parquet with them as int64 (a 2 in
    the label with ``two``); the propensity float32 (``float32``) or float64."""
    folder.mkdir()
    a, b = _rows(1, 1), _rows(2, 2)
    for col in bools:
        a[col] = a[col].astype(bool)
    if two:
        b.loc[3, "label"] = 2
    if not float32:
        a["pi"], b["pi"] = a["pi"].astype(float), b["pi"].astype(float)
    a.to_parquet(folder / "a.parquet")
    b.to_parquet(folder / "b.parquet")
    return folder


def _doc(target, tmp_path, engine, **kw) -> dict:
    request = request_of(target, engine=engine, protected=("g",), **kw)
    store = tmp_path / f"{engine}{len(list(tmp_path.iterdir()))}" / "monitor.sqlite"
    store.parent.mkdir()
    doc = json.loads(run_monitor(request, store, now=NOW).to_json())
    doc["run"].pop("engine")
    doc.pop("store")
    return doc


def _refusal(target, tmp_path, engine, capsys, *more) -> str:
    store = tmp_path / f"{engine}{len(list(tmp_path.iterdir()))}.sqlite"
    argv = ["monitor", str(target), "--time", "ts", "--window", "1d", "--y-true", "label",
            "--y-pred", "pred", "--protected", "g", "--engine", engine, "--store", str(store),
            *more]  # fmt: skip
    assert main(argv) == 2
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("error")]


def _audit_attributes(target, tmp_path, *more) -> list:
    out = tmp_path / "audit.json"
    argv = ["audit", str(target), "--y-true", "label", "--y-pred", "pred", "--protected", "g"]
    assert main([*argv, "--engine", "pandas", "--json", str(out), *more]) == 0
    return json.loads(out.read_text())["attributes"]


@pytest.mark.parametrize("bools", [("label",), ("label", "pred")])
@pytest.mark.parametrize("pos_label", [None, 1])
def test_bool_and_int_labels_are_0_1_on_every_engine(tmp_path, bools, pos_label):
    target = _files(tmp_path / "files", bools)
    docs = [_doc(target, tmp_path, e, pos_label=pos_label) for e in FAST]
    assert docs[0]["comparisons"], docs[0]
    assert docs[0] == docs[1] == docs[2]
    if pos_label is None:  # the counts the audit reads: True is 1
        assert _audit_attributes(target, tmp_path)  # the audit accepts the files
        rows = sum(w["rows"] for w in docs[0]["windows"])
        assert rows == 80


def test_a_label_not_0_1_beside_booleans_is_refused_alike(tmp_path, capsys):
    target = _files(tmp_path / "files", two=True)
    found = {e: _refusal(target, tmp_path, e, capsys) for e in FAST}
    assert found["pandas"] == found["duckdb"] == found["dask"]
    assert "found values 0, 1, 2" in found["pandas"][0], found


def test_pos_label_true_beside_numbers_is_refused_as_the_audit_does(tmp_path, capsys):
    target = _files(tmp_path / "files", ("label", "pred"))
    found = {e: _refusal(target, tmp_path, e, capsys, "--pos-label", "True") for e in FAST}
    assert found["pandas"] == found["duckdb"] == found["dask"]
    argv = ["audit", str(target), "--y-true", "label", "--y-pred", "pred", "--protected", "g",
            "--engine", "pandas", "--pos-label", "True"]  # fmt: skip
    assert main(argv) == 2
    audit = capsys.readouterr().err
    assert found["pandas"][0] in audit, (found, audit)


def test_float32_propensities_give_the_same_estimates_on_every_engine(tmp_path):
    target = _files(tmp_path / "files", bools=(), float32=True)
    docs = [_doc(target, tmp_path, e, propensity="pi") for e in FAST]
    assert docs[0]["comparisons"], docs[0]
    assert docs[0] == docs[1] == docs[2]


@pytest.mark.slow
@pytest.mark.usefixtures("spark")
def test_spark_agrees_on_bool_labels_and_float32_propensities(tmp_path, capsys):
    target = _files(tmp_path / "files", ("label", "pred"), float32=True)
    for kw in ({}, {"pos_label": 1}, {"propensity": "pi"}):
        assert _doc(target, tmp_path, "spark", **kw) == _doc(target, tmp_path, "duckdb", **kw)
    two = _files(tmp_path / "two", two=True)
    assert _refusal(two, tmp_path, "spark", capsys) == _refusal(two, tmp_path, "duckdb", capsys)
