"""A DataFrame viewed in another row order (``df.iloc[::-1]``) with a column of Python objects
(a group, a label or a time held as ``object``, or a column no role names) is counted by DuckDB
as pandas counts it (round 34 review: 59917489 copied numbers and times only; an object column
still failed DuckDB's scan, refused as "DuckDB could not count a pandas DataFrame:
std::bad_cast")."""

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
        lambda f: f.astype({"g": object}),
        lambda f: f.astype({"p": object, "y": object}),
        lambda f: f.assign(t=f["t"].astype(object)),
        lambda f: f.assign(t=f["t"].dt.strftime("%Y-%m-%dT%H:%M:%SZ").astype(object)),
        lambda f: f.assign(note=f["g"].astype(object)),
    ],
    ids=["group", "labels", "times", "time-texts", "unused"],
)
def test_a_reversed_view_with_an_object_column_is_counted_by_duckdb(tmp_path, edit):
    view = edit(_frame()).iloc[::-1]
    by_pandas = _run(view, tmp_path / "a.db", "pandas")
    assert _run(view, tmp_path / "b.db", "duckdb") == by_pandas
    assert _run(view.iloc[::2], tmp_path / "c.db", "duckdb") == _run(
        view.iloc[::2], tmp_path / "d.db", "pandas"
    )
