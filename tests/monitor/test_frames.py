"""``run_monitor`` on an in-memory DataFrame (pandas, Dask, Spark): counted by the engines'
own file code, so the JSON is the same rows' as files, all but the target's name."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

from .conftest import SCHEMA

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
ROLES = dict(time="ts", y_pred="pred", y_true="label", protected=("race=White",))


def _frame(days, tmp_path) -> tuple:
    """(the daily files' folder, the same rows as one typed DataFrame: times as UTC timestamps,
    labels as integers, weights as floats)."""
    data = days(tmp_path / "data", range(4), n=300, change_day=2)
    rng = np.random.default_rng(8)
    for f in sorted(data.glob("*.csv")):
        rows = pd.read_csv(f, dtype=str)
        rows.assign(wt=rng.choice(["0.5", "2", "1", "8"], len(rows))).to_csv(f, index=False)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    return data, frame.assign(ts=pd.to_datetime(frame["ts"], utc=True))


def _doc(target, store, **kw) -> tuple[dict, str]:
    """(the report without what names the engine, the target and the store; the target's
    name)."""
    request = MonitorRequest(target=target, **{**ROLES, "window": "1d", **kw})
    doc = run_monitor(request, store, now=NOW).data
    validate(doc, SCHEMA)  # run.engine: dask and spark too
    doc["run"].pop("engine")
    doc.pop("store")
    return doc, doc["run"].pop("target")


CASES = {"days": {}, "rows": {"window": "500"}, "weight": {"weight": "wt", "window": "2d"}}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_pandas_frame_gives_the_json_of_its_rows_in_files(tmp_path, days, engine, case):
    data, frame = _frame(days, tmp_path)
    kw = CASES[case]
    files, _ = _doc(str(data), tmp_path / "files.sqlite", engine=engine, **kw)
    framed, name = _doc(frame, tmp_path / "frame.sqlite", engine=engine, **kw)
    assert framed == files
    assert name == "a pandas DataFrame (1,200 rows)"


def test_a_frame_of_new_days_continues_the_store(tmp_path, days):
    """Two runs: the first days, then all of them (the first recognised, not counted again)."""
    data, frame = _frame(days, tmp_path)
    store = tmp_path / "s.sqlite"
    first = frame[frame["ts"] < pd.Timestamp("2024-03-03", tz="UTC")]
    _doc(first, store)
    again, _ = _doc(frame, store)
    files, _ = _doc(str(data), tmp_path / "files.sqlite")
    assert (again["run"]["already_seen"], again["run"]["new_windows"]) == (2, 2)
    assert again["comparisons"] == files["comparisons"]


def test_a_bad_row_of_a_frame_is_named_by_its_index(tmp_path, days):
    _, frame = _frame(days, tmp_path)
    frame = frame.astype({"ts": object})
    frame.loc[7, "ts"] = "yesterday"
    with pytest.raises(EthicLensInputError, match=r"first at the DataFrame's row 7"):
        _doc(frame, tmp_path / "a.sqlite", engine="pandas")
    frame = _frame(days, tmp_path / "b")[1]
    frame.loc[3, "wt"] = 0.0
    with pytest.raises(EthicLensInputError, match=r"first at the DataFrame's row 3: 0.0"):
        _doc(frame, tmp_path / "b.sqlite", engine="duckdb", weight="wt")


def test_a_frame_needs_its_own_engine(tmp_path, days):
    _, frame = _frame(days, tmp_path)
    with pytest.raises(EthicLensInputError, match="a pandas DataFrame is counted by duckdb or"):
        _doc(frame, tmp_path / "a.sqlite", engine="spark")


def test_a_dask_frame_gives_the_json_of_its_rows_in_files(tmp_path, days):
    dd = pytest.importorskip("dask.dataframe")
    pytest.importorskip("distributed")
    data, frame = _frame(days, tmp_path)
    for case, kw in CASES.items():
        files, _ = _doc(str(data), tmp_path / f"files-{case}.sqlite", **kw)
        parts = dd.from_pandas(frame, npartitions=3)
        framed, name = _doc(parts, tmp_path / f"dask-{case}.sqlite", **kw)
        assert framed == files, case
        assert name == "a Dask DataFrame"
    bad = frame.astype({"wt": float})
    bad.loc[5, "wt"] = -1.0
    with pytest.raises(EthicLensInputError, match=r"first at the DataFrame's row 5: -1.0"):
        _doc(dd.from_pandas(bad, npartitions=2), tmp_path / "bad.sqlite", weight="wt")


@pytest.mark.slow
def test_a_spark_frame_gives_the_json_of_its_rows_in_files(tmp_path, days, spark):  # noqa: F811
    data, frame = _frame(days, tmp_path)
    sdf = spark.createDataFrame(frame.assign(ts=frame["ts"].dt.strftime("%Y-%m-%dT%H:%M:%SZ")))
    for case, kw in CASES.items():
        files, _ = _doc(str(data), tmp_path / f"files-{case}.sqlite", **kw)
        framed, name = _doc(sdf, tmp_path / f"spark-{case}.sqlite", **kw)
        assert framed == files, case
        assert name == "a Spark DataFrame"
