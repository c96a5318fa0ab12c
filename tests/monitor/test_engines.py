"""``--engine dask`` and ``--engine spark``: the same windows and the same JSON as pandas and
DuckDB on the same files (day and row windows, propensities, bad times)."""

import datetime as dt
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor import run_monitor
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

from .conftest import request_of as _req

pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")
pytest.importorskip("distributed", reason="distributed not installed (ethiclens[dask])")


NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _doc(request, tmp_path, engine) -> dict:
    """The report of one run on a new store, without the fields that name the engine or the
    store's path."""
    store = tmp_path / engine / "monitor.sqlite"
    store.parent.mkdir()
    doc = json.loads(run_monitor(request, store, now=NOW).to_json())
    doc["run"].pop("engine")
    doc.pop("store")
    return doc


def _with_propensity(folder: Path) -> Path:
    """Propensities and weights that are not powers of 2: each engine adds them in its own
    order, and the weight sums, rounded to 12 significant digits, still agree."""
    rng = np.random.default_rng(3)
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f, dtype=str)
        frame["pi"] = [f"{p:.6f}" for p in rng.uniform(0.05, 1, len(frame))]
        frame["wt"] = [f"{w:.6g}" for w in rng.lognormal(0, 1, len(frame))]
        frame.to_csv(f, index=False)
    return folder


def _tied_parquet(path: Path) -> Path:
    rng = np.random.default_rng(4)
    n = 900
    pd.DataFrame(
        {
            "ts": pd.Timestamp("2024-01-01", tz="UTC")
            + pd.to_timedelta(rng.integers(0, 40, n), unit="h"),  # many ties
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice([2, 10, 7], n),  # numbers: text order differs from numeric
        }
    ).to_parquet(path)
    return path


CASES = {
    "days": {},
    "rows": {"window": "500"},
    "propensity": {"propensity": "pi"},
    "weight": {"weight": "wt", "window": "500"},
    # the audit's label and group rules, applied after counting on every engine
    "audit_rules": {
        "pos_label": "yes",
        "merge_groups": {"race": {"Other": ["Asian", "Black"]}},
        "protected": ("race=White", "sex"),
        "exclude_groups": {"sex": ["X"]},
        "intersections": (("race", "sex"),),
    },
}


def _with_words(folder: Path) -> Path:
    """Labels and predictions as yes/no, and a second attribute with a group to exclude."""
    rng = np.random.default_rng(5)
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f, dtype=str)
        for col in ("label", "pred"):
            frame[col] = frame[col].map({"1": "yes", "0": "no"})
        frame["sex"] = rng.choice(["F", "M", "X"], len(frame))
        frame.to_csv(f, index=False)
    return folder


def _agree(tmp_path, days, engine, case):
    data = days(tmp_path / "data", range(5), n=300, change_day=2)
    if case in ("propensity", "weight"):
        _with_propensity(data)
    if case == "audit_rules":
        _with_words(data)
    kw = CASES[case]
    docs = {e: _doc(_req(data, engine=e, **kw), tmp_path, e) for e in ("pandas", "duckdb", engine)}
    assert docs[engine] == docs["pandas"] == docs["duckdb"]


@pytest.mark.parametrize("case", list(CASES))
def test_dask_gives_the_json_of_pandas_and_duckdb(tmp_path, days, case):
    _agree(tmp_path, days, "dask", case)


def test_dask_row_windows_with_tied_times_in_parquet(tmp_path):
    target = _tied_parquet(tmp_path / "d.parquet")
    req = dict(window="200", protected=("race",))
    a = _doc(_req(target, engine="pandas", **req), tmp_path, "pandas")
    b = _doc(_req(target, engine="dask", **req), tmp_path, "dask")
    assert a == b and len(a["windows"]) == 4


def _refused_as_pandas(tmp_path, days, capsys, engine, column, value):
    """A bad value in one row (a time, or a weight in column ``wt``): ``engine`` refuses it
    with pandas' line, naming the file and line."""
    data = _with_propensity(days(tmp_path / "data", range(3), n=100))
    frame = pd.read_csv(data / "day001.csv", dtype=str)
    frame.loc[7, column] = value
    frame.to_csv(data / "day001.csv", index=False)
    weight = ["--weight", "wt"] if column == "wt" else []
    errors = []
    for name in ("pandas", engine):
        rc = main(["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "pred",
                   "--protected", "race", "--engine", name, *weight,
                   "--store", str(tmp_path / f"{name}.sqlite")])  # fmt: skip
        assert rc == 2
        errors.append(capsys.readouterr().err)
    assert errors[0] == errors[1], errors
    assert "day001.csv line 9" in errors[0] or "1 row has no group" in errors[0], errors[0]


@pytest.mark.parametrize(
    "column, value",
    [("ts", "yesterday"), ("wt", "inf"), ("wt", "0"), ("ts", "2024-03-02T10:00:00 Europe/Paris"),
     ("ts", "9999-12-31T23:59:59"), ("race", "NA")],
)  # fmt: skip
def test_dask_refuses_a_bad_time_or_weight_as_pandas_names_it(
    tmp_path, days, capsys, column, value
):
    _refused_as_pandas(tmp_path, days, capsys, "dask", column, value)


@pytest.mark.slow
@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_spark_refuses_a_bad_weight_as_pandas_names_it(tmp_path, days, capsys, spark, value):  # noqa: F811
    _refused_as_pandas(tmp_path, days, capsys, "spark", "wt", value)


@pytest.mark.slow
@pytest.mark.parametrize(
    "column, value",
    [("ts", "2024-03-02T10:00:00 Europe/Paris"), ("ts", "2024-03-02T10:00:00+25:00"),
     ("ts", "9999-12-31T23:59:59"), ("race", "NA")],
)  # fmt: skip
@pytest.mark.usefixtures("spark")
def test_spark_refuses_zones_far_times_and_missing_words_as_pandas(
    tmp_path, days, capsys, column, value
):
    _refused_as_pandas(tmp_path, days, capsys, "spark", column, value)


def test_a_scheduler_needs_dask_or_spark(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(2), n=50)
    rc = main(["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "pred",
               "--protected", "race", "--engine", "duckdb", "--scheduler", "local-cluster",
               "--store", str(tmp_path / "s.sqlite")])  # fmt: skip
    assert rc == 2 and "--scheduler" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_spark_gives_the_json_of_pandas_and_duckdb(tmp_path, days, spark, case):  # noqa: F811
    _agree(tmp_path, days, "spark", case)


@pytest.mark.slow
def test_spark_row_windows_with_tied_times_and_a_bad_time(tmp_path, days, spark, capsys):  # noqa: F811
    target = _tied_parquet(tmp_path / "d.parquet")
    req = dict(window="200", protected=("race",))
    a = _doc(_req(target, engine="pandas", **req), tmp_path, "pandas")
    b = _doc(_req(target, engine="spark", **req), tmp_path, "spark")
    assert a == b
    data = days(tmp_path / "data", range(2), n=100)
    frame = pd.read_csv(data / "day000.csv", dtype=str)
    frame.loc[3, "ts"] = ""
    frame.to_csv(data / "day000.csv", index=False)
    rc = main(["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "pred",
               "--protected", "race", "--engine", "spark",
               "--store", str(tmp_path / "s.sqlite")])  # fmt: skip
    assert rc == 2 and "day000.csv line 5" in capsys.readouterr().err


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_row_with_surplus_fields_is_refused_as_the_audit_refuses_it(tmp_path, capsys, engine):
    """pandas reading only the role columns dropped a row's surplus field silently (the audit
    refused the file); every monitor engine now names the line, as every audit engine does."""
    path = tmp_path / "ragged.csv"
    lines = ["t,p,y,g"] + [f"2026-01-0{1 + i % 5}T0{i % 9}:00:00Z,{i % 2},1,a" for i in range(8)]
    lines[4] += ",EXTRA"
    path.write_text("\n".join(lines) + "\n")
    store = tmp_path / "m.sqlite"
    argv = ["--y-pred", "p", "--protected", "g", "--engine", engine]
    assert (
        main(
            ["monitor", str(path), "--time", "t", "--window", "1d", *argv] + ["--store", str(store)]
        )
        == 2
    )
    monitor_err = capsys.readouterr().err
    assert main(["audit", str(path), *argv]) == 2
    audit_err = capsys.readouterr().err
    expected = "error: ragged.csv line 5 has 5 fields but its header has 4."
    assert monitor_err.startswith(expected) and audit_err.startswith(expected)
    assert monitor_err == audit_err and len(monitor_err.strip().splitlines()) == 1
    assert not store.exists()
