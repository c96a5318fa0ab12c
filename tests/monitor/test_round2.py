"""The second tester's round on ``ethiclens monitor``: each class of problem it found, fixed
and held here (nullable DataFrame columns, ...)."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _rows(tmp_path, days) -> pd.DataFrame:
    """Three days of rows (ts, label, pred, race) with an age column, typed as pandas reads
    them."""
    data = days(tmp_path / "data", range(3), n=200, change_day=1)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    return frame.assign(age=np.arange(len(frame)) % 90, ts=pd.to_datetime(frame["ts"], utc=True))


def _json(target, store, engine, **kw) -> dict:
    roles = dict(time="ts", y_pred="pred", y_true="label", protected=("race",), window="1d")
    request = MonitorRequest(target=target, engine=engine, **{**roles, **kw})
    doc = run_monitor(request, store, now=NOW).data
    doc["run"].pop("engine")
    doc.pop("store")
    return doc


# -- 3: nullable dtypes count on pandas as on DuckDB; duplicated names refused on both ------

NULLABLE = {
    "Int64": ("pred", "Int64"),
    "Float64": ("label", "Float64"),
    "boolean": ("pred", "boolean"),
    "string[pyarrow]": ("race", "string[pyarrow]"),
    "category": ("race", "category"),
    "Int64 protected": ("age", "Int64"),
}


@pytest.mark.parametrize("case", list(NULLABLE))
def test_nullable_columns_count_alike_on_both_engines(tmp_path, days, case):
    pytest.importorskip("duckdb")
    column, dtype = NULLABLE[case]
    frame = _rows(tmp_path, days)
    frame[column] = frame[column].astype(dtype)
    kw = {"protected": ("age",), "bins": {"age": [0, 30, 90]}} if column == "age" else {}
    docs = [_json(frame, tmp_path / f"{e}.sqlite", e, **kw) for e in ("pandas", "duckdb")]
    assert docs[0] == docs[1]
    assert docs[0]["windows"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_duplicated_column_names_are_refused_on_both_engines(tmp_path, days, engine):
    pytest.importorskip("duckdb")
    frame = _rows(tmp_path, days)
    frame = pd.concat([frame, frame[["race"]]], axis=1)
    with pytest.raises(EthicLensInputError) as exc:
        _json(frame, tmp_path / "s.sqlite", engine)
    assert "'race'" in str(exc.value) and "\n" not in str(exc.value)
