"""Round 23: ``monitor --engine spark`` over Parquet files storing a column as different types
(a group as int32 and int64, a propensity as float32 and float64, a label as a bool and an
int64) crashed with a PARQUET_COLUMN_DATA_TYPE_MISMATCH traceback; it now reads them one type
at a time, as the audit's Spark path and DuckDB do (``sources.spark_read_file_groups``), and
counts their rows together: the windows of DuckDB and pandas, or the refusal Dask gives."""

import datetime as dt
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import run_monitor
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

from .conftest import request_of

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _rows(seed: int, day: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 40
    return pd.DataFrame(
        {
            "ts": pd.Timestamp(f"2024-01-0{day}", tz="UTC")
            + pd.to_timedelta(rng.integers(0, 20, n), unit="h"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "g": rng.choice([1, 2], n),
            "pi": rng.choice([0.25, 0.5, 0.75, 1.0], n),  # as float32 and float64 alike
        }
    )


def _mixed(folder, bools: bool = False):
    folder.mkdir()
    a, b = _rows(1, 1), _rows(2, 2)
    a["g"], a["pi"] = a["g"].astype("int32"), a["pi"].astype("float32")
    if bools:
        a["pred"] = a["pred"].astype(bool)
    a.to_parquet(folder / "a.parquet")
    b.to_parquet(folder / "b.parquet")
    return folder


def _doc(target, tmp_path, engine, window) -> dict:
    request = request_of(target, engine=engine, window=window, protected=("g",), propensity="pi")
    store = tmp_path / f"{engine}{window}" / "monitor.sqlite"
    store.parent.mkdir()
    doc = json.loads(run_monitor(request, store, now=NOW).to_json())
    doc["run"].pop("engine")
    doc.pop("store")
    return doc


@pytest.mark.slow
@pytest.mark.usefixtures("spark")
def test_spark_reads_parquet_types_one_at_a_time_as_duckdb_and_pandas(tmp_path):
    target = _mixed(tmp_path / "mixed")
    for window in ("1d", "30"):  # day windows, and row windows numbered over both groups
        spark_doc = _doc(target, tmp_path, "spark", window)
        assert spark_doc["comparisons"], spark_doc
        assert spark_doc == _doc(target, tmp_path, "duckdb", window)
        assert spark_doc == _doc(target, tmp_path, "pandas", window)


@pytest.mark.slow
@pytest.mark.usefixtures("spark")
def test_spark_reads_a_bool_and_int_label_as_0_1_as_the_other_engines(tmp_path):
    """(Round 24: was refused, in the Dask engine's words; a boolean is 0/1, as the audit and
    every engine read it now.)"""
    target = _mixed(tmp_path / "bools", bools=True)
    spark_doc = _doc(target, tmp_path, "spark", "1d")
    assert spark_doc["comparisons"], spark_doc
    assert spark_doc == _doc(target, tmp_path, "duckdb", "1d")
