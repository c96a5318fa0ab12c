"""``--bins ATTR=EDGES``: a numeric protected attribute monitored in the audit's bins, applied
to the counted cells before the group edits, alike on every engine."""

import datetime as dt
import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.fairness import bin_attribute
from ethiclens.monitor import run_monitor
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

from .conftest import FLAGS
from .conftest import request_of as _req
from .conftest import run_cli as _cli

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
EDGES = [0, 30, 50, 100]
BINS = {"age": EDGES}
AGE = ("--protected", "age", "--bins", "age=0,30,50,100")


def _aged(folder, days, n=300):
    """The daily feed with an integer age (18 to 100, both edges' neighbours included)."""
    data = days(folder, range(4), n=n, change_day=2)
    rng = np.random.default_rng(11)
    for f in sorted(data.glob("*.csv")):
        frame = pd.read_csv(f, dtype=str)
        frame["age"] = rng.choice([18, 29, 30, 31, 49, 50, 64, 100], len(frame))
        frame.to_csv(f, index=False)
    return data


def _rewritten(folder, out, change):
    """A copy of the daily files with ``change(frame)`` applied to each."""
    out.mkdir()
    for f in sorted(folder.glob("*.csv")):
        change(pd.read_csv(f, dtype=str)).to_csv(out / f.name, index=False)
    return out


def _as_labels(frame):
    """The age column holding the audit's bin labels instead of the ages."""
    return frame.assign(age=bin_attribute(frame["age"].astype(int), EDGES, "age").to_numpy())


def _rows(folder) -> pd.DataFrame:
    return pd.concat([pd.read_csv(f, dtype=str) for f in sorted(folder.glob("*.csv"))])


def _evidence(doc: dict) -> dict:
    """Everything but the run's facts, the request and the store."""
    return {k: v for k, v in doc.items() if k not in ("run", "request", "store", "created")}


def _doc(request, store) -> dict:
    """The report of one run without what names the engine, the target or the store."""
    doc = run_monitor(request, store, now=NOW).data
    for key in ("engine", "target"):
        doc["run"].pop(key)
    doc.pop("store")
    return doc


@pytest.mark.parametrize("window", ["1d", "400"])
def test_binned_ages_give_the_evidence_of_a_column_of_bin_labels(tmp_path, days, window):
    data = _aged(tmp_path / "data", days)
    labels = _rewritten(data, tmp_path / "labels", _as_labels)
    kw = dict(protected=("age",), window=window)
    binned = run_monitor(_req(data, bins=BINS, **kw), tmp_path / "a.sqlite").data
    plain = run_monitor(_req(labels, **kw), tmp_path / "b.sqlite").data
    assert _evidence(binned) == _evidence(plain)
    compared = binned["comparisons"]
    groups = {c["group"] for c in compared} | {compared[0]["reference"]}
    assert groups == {"[0, 30)", "[30, 50)", "[50, 100]"}
    assert binned["request"]["bins"] == {"age": [0.0, 30.0, 50.0, 100.0]}
    assert "bins" not in plain["request"]


def test_bins_come_before_the_merges_and_intersections(tmp_path, days):
    """As in the audit: the merges name bin labels, and the crossing crosses the bins."""
    rng = np.random.default_rng(2)
    sexes = _rewritten(_aged(tmp_path / "data", days), tmp_path / "sexes",
                       lambda f: f.assign(sex=rng.choice(["F", "M"], len(f))))  # fmt: skip

    def young_old(frame):
        return frame.assign(age=np.where(frame["age"].astype(int) < 50, "under 50", "[50, 100]"))

    labels = _rewritten(sexes, tmp_path / "labels", young_old)
    kw = dict(protected=("age", "sex"), intersections=(("age", "sex"),))
    merges = {"age": {"under 50": ["[0, 30)", "[30, 50)"]}}
    a = run_monitor(_req(sexes, bins=BINS, merge_groups=merges, **kw), tmp_path / "a.sqlite").data
    b = run_monitor(_req(labels, **kw), tmp_path / "b.sqlite").data
    assert _evidence(a) == _evidence(b)
    crossed = [c for c in a["comparisons"] if c["attribute"] == "age&sex"]
    assert {"under 50&F", "under 50&M"} & {c["group"] for c in crossed}


def _typed_parquet(data, path):
    """All days in one Parquet file, the ages as floats (their text: '34.0'), the labels as
    integers (text '0'/'1' the audit refuses)."""
    typed = {"age": float, "label": int, "pred": int}
    _rows(data).astype(typed).to_parquet(path)
    return path


@pytest.mark.parametrize("form", ["csv", "parquet"])
def test_every_file_engine_gives_the_same_json(tmp_path, days, form):
    pytest.importorskip("dask.dataframe")
    pytest.importorskip("distributed")
    data = _aged(tmp_path / "data", days)
    target = data if form == "csv" else _typed_parquet(data, tmp_path / "all.parquet")
    docs = {
        engine: _doc(
            _req(target, engine=engine, bins=BINS, protected=("age",)),
            tmp_path / f"{engine}.sqlite",
        )  # fmt: skip
        for engine in ("pandas", "duckdb", "dask")
    }
    assert docs["pandas"] == docs["duckdb"] == docs["dask"]


@pytest.mark.slow
def test_spark_gives_the_same_json(tmp_path, days, spark):  # noqa: F811
    data = _aged(tmp_path / "data", days)
    parquet = _typed_parquet(data, tmp_path / "all.parquet")
    for target in (data, parquet):
        docs = [
            _doc(_req(target, engine=e, bins=BINS, protected=("age",)), tmp_path / f"{e}.sqlite")
            for e in ("pandas", "spark")
        ]
        assert docs[0] == docs[1], target
        for e in ("pandas", "spark"):
            (tmp_path / f"{e}.sqlite").unlink()


def _db_docs(url, data, tmp_path, name):
    """(files' JSON, the database table's JSON) with the same rows, as integers, floats and
    text in three tables ``{name}_int``, ``{name}_real``, ``{name}_text``."""
    from ethiclens.monitor import MonitorRequest

    files = _doc(_req(data, bins=BINS, protected=("age",)), tmp_path / f"{name}.sqlite")
    out = {}
    for kind in ("int", "real", "text"):
        request = MonitorRequest(target="db", db=url, table=f"{name}_{kind}", time="ts",
                                 window="1d", y_pred="pred", y_true="label",
                                 protected=("age",), bins=BINS)  # fmt: skip
        out[kind] = _doc(request, tmp_path / f"{name}_{kind}.sqlite")
    return files, out


def _tables(data) -> dict:
    frame = _rows(data)
    return {
        "int": frame.assign(
            age=frame["age"].astype(int),
            label=frame["label"].astype(int),
            pred=frame["pred"].astype(int),
        ),  # fmt: skip
        "real": frame.assign(age=frame["age"].astype(float)),
        "text": frame,
    }


def test_a_sqlite_table_gives_the_json_of_the_files(tmp_path, days):
    data = _aged(tmp_path / "data", days)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        for kind, frame in _tables(data).items():
            frame.to_sql(f"preds_{kind}", con, index=False)
    files, tables = _db_docs(f"sqlite:///{db}", data, tmp_path, "preds")
    for kind, doc in tables.items():
        assert doc == files, kind


def test_a_postgres_table_gives_the_json_of_the_files(pg_url, tmp_path, days):
    import sqlalchemy as sa

    data = _aged(tmp_path / "data", days)
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        for kind, frame in _tables(data).items():
            frame.to_sql(f"binned_{kind}", con, index=False, if_exists="replace")
    engine.dispose()
    files, tables = _db_docs(pg_url, data, tmp_path, "binned")
    for kind, doc in tables.items():
        assert doc == files, kind


def _audit_error(capsys, data, bins) -> str:
    """The audit's message for the same rows and bins."""
    rc, _, err = _cli(capsys, "audit", data, "--y-pred", "pred", "--y-true", "label",
                      "--protected", "age", "--bins", bins)  # fmt: skip
    assert rc == 2
    return err.strip()


@pytest.mark.parametrize(
    "bad, bins, expected",
    [
        ("x", "age=0,30,50,100", "holds non-numeric values (first: 'x')"),
        ("150", "age=0,30,50,100", "4 row(s) with values outside the bin edges [0, 100]"),
    ],
)
def test_a_value_that_cannot_be_binned_is_refused_as_the_audit_refuses_it(
    tmp_path, days, capsys, bad, bins, expected
):
    data = _aged(tmp_path / "data", days)

    def spoil(frame):
        frame.loc[5, "age"] = bad
        return frame

    data = _rewritten(data, tmp_path / "bad", spoil)
    audit = _audit_error(capsys, data, bins)
    assert expected in audit and "column 'age'" in audit
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        _rows(data).to_sql("preds", con, index=False)
    sources = {
        "pandas": [data, "--engine", "pandas"],
        "duckdb": [data, "--engine", "duckdb"],
        "sqlite": ["--db", f"sqlite:///{db}", "--table", "preds"],
    }
    for name, source in sources.items():
        rc, _, err = _cli(capsys, "monitor", *source, *FLAGS, "--protected", "age", "--bins",
                          bins, "--store", tmp_path / f"{name}.sqlite")  # fmt: skip
        assert rc == 2 and err.strip() == audit, name


def test_bad_bins_are_refused_naming_the_flag(tmp_path, days, capsys):
    data = _aged(tmp_path / "data", days)
    for bins, expected in (
        ("sex=0,10", "bins an attribute that is not audited"),
        ("age=0,50,30", "bin edges must be at least two finite numbers in increasing order"),
        ("age", "must be ATTR=E0,E1,..."),
    ):
        rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "age", "--bins", bins,
                          "--store", tmp_path / "s.sqlite")  # fmt: skip
        assert rc == 2 and "'--bins'" in err and expected in err, err


def test_a_store_is_bound_to_its_bins(tmp_path, days, capsys):
    data = _aged(tmp_path / "data", days)
    store = tmp_path / "s.sqlite"
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, *AGE, "--store", store)
    assert rc == 0, err
    assert "binned: age at 0, 30, 50, 100" in out
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "age", "--bins",
                      "age=0,40,100", "--store", store)  # fmt: skip
    assert rc == 2 and "another request" in err
    assert "--bins age=0,30,50,100 there, age=0,40,100 here" in err
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "age", "--store", store)
    assert rc == 2 and "--bins age=0,30,50,100 there, not given here" in err
    # the same edges written otherwise are the same request
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "age", "--bins",
                      "age=0,30.0,50,1e2", "--store", store)  # fmt: skip
    assert rc == 0, err


def test_bins_in_an_audit_spec(tmp_path, days, capsys):
    yaml = pytest.importorskip("yaml")
    data = _aged(tmp_path / "data", days)
    config = tmp_path / "spec.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "target": {"file": str(data)},
                "roles": {"y_pred": "pred", "y_true": "label", "protected": ["age"]},
                "groups": {"bins": {"age": EDGES}},
            }
        )
    )
    docs = []
    for name, argv in (
        ("spec", ["--config", config, "--time", "ts", "--window", "1d"]),
        ("flags", [data, *FLAGS, *AGE]),
    ):
        out = tmp_path / f"{name}.json"
        rc, _, err = _cli(capsys, "monitor", *argv, "--store", tmp_path / f"{name}.sqlite",
                          "--json", out)  # fmt: skip
        assert rc == 0, err
        docs.append(json.loads(out.read_text()))
    assert _evidence(docs[0]) == _evidence(docs[1])
    assert docs[0]["request"] == docs[1]["request"]
