"""A DataFrame viewed in another row order (``df.iloc[::-1]``) whose time column is a
datetime (naive or tz-aware) or whose labels are nullable (Int64, boolean) is counted by DuckDB
as pandas counts it (round 34: DuckDB's scan failed with std::bad_cast, refused as "DuckDB
could not count a pandas DataFrame"; round 4 fixed plain numeric columns only)."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2024, 2, 1, tzinfo=dt.UTC)


def _frame(n=480):
    rng = np.random.default_rng(34)
    start = pd.Timestamp("2024-01-01", tz="UTC")
    return pd.DataFrame(
        {
            "t": start + pd.to_timedelta(rng.integers(0, 4 * 86400, n), unit="s"),
            "p": rng.integers(0, 2, n),
            "y": rng.integers(0, 2, n),
            "g": rng.choice(["A", "B"], n),
        }
    )


def _run(frame, store, engine):
    request = MonitorRequest(
        target=frame, time="t", window="1d", y_pred="p", y_true="y", protected=("g=A",),
        engine=engine,
    )  # fmt: skip
    out = run_monitor(request, store, now=NOW).to_dict()
    return out["windows"], out["comparisons"]


@pytest.mark.parametrize(
    "edit",
    [
        lambda f: f,
        lambda f: f.assign(t=f["t"].dt.tz_localize(None)),
        lambda f: f.assign(t=f["t"].dt.tz_convert("Asia/Tokyo")),
        lambda f: f.astype({"p": "Int64", "y": "Int64"}),
        lambda f: f.astype({"p": "boolean", "y": "boolean"}),
    ],
    ids=["tz-aware", "naive", "tokyo", "Int64", "boolean"],
)
def test_a_reversed_view_is_counted_by_duckdb_as_by_pandas(tmp_path, edit):
    view = edit(_frame()).iloc[::-1]
    by_pandas = _run(view, tmp_path / "a.db", "pandas")
    assert _run(view, tmp_path / "b.db", "auto") == by_pandas
    assert _run(view.copy(), tmp_path / "c.db", "duckdb") == by_pandas
