"""Round 37 M: row windows (``--window N``) cut among rows of one time, one group and one
label, which differ only by their weight (``--weight``) or propensity (``--propensity``),
took those rows in the files' order: the same rows read in another order (a file written
backwards, a folder listing its parts otherwise) or by another engine (DuckDB's sort was its
own) gave other weighted counts, bet caps and e-values. Now the weight's value is the last
tie-break on every engine (pandas, DuckDB, Dask, Spark, SQLite, PostgreSQL)."""

import datetime as dt
import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


def _rows(role: str) -> pd.DataFrame:
    rng = np.random.default_rng(37)
    n = 40
    low = 0.05 if role == "propensity" else 0.5
    return pd.DataFrame(
        {
            "ts": ["2024-03-01T00:00:00Z"] * 20 + ["2024-03-02T00:00:00Z"] * 20,
            "pred": [1, 0, 1, 1] * 10,
            "y": [1] * n,
            "g": ["a", "b"] * 20,
            "w": rng.uniform(low, 1.0, n).round(4),
        }
    )


def _result(tmp_path, name, frame, role, engine):
    how = {"weight": "w"} if role == "weight" else {"propensity": "w"}
    if engine == "sqlite":
        url = tmp_path / f"{name}.db"
        with sqlite3.connect(url) as con:
            frame.to_sql("t", con, index=False)
        target, where = "db", {"db": f"sqlite:///{url}", "table": "t"}
    else:
        target, where = tmp_path / f"{name}.csv", {"engine": engine}
        frame.to_csv(target, index=False)
    request = MonitorRequest(
        str(target), time="ts", window="6", y_pred="pred", y_true="y",
        protected=("g=a",), **how, **where,
    )  # fmt: skip
    with pytest.warns(RuntimeWarning):  # cells of no row: said, not bet on
        result = run_monitor(request, tmp_path / f"{name}.sqlite", now=NOW).to_dict()
    for key in ("run", "store", "created", "request"):
        result.pop(key, None)
    return json.dumps(result, sort_keys=True)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
@pytest.mark.parametrize("role", ["weight", "propensity"])
def test_tied_rows_of_other_weights_cut_the_same_windows_in_any_order(tmp_path, role, engine):
    frame = _rows(role)
    first = _result(tmp_path, "pandas", frame, role, "pandas")
    assert '"weighted"' in first
    backwards = frame.iloc[::-1].reset_index(drop=True)
    assert _result(tmp_path, "backwards", backwards, role, engine) == first
