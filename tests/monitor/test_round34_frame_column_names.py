"""A pandas (or Dask) DataFrame whose column names are not text (``df.columns = [0, 1, 2,
3]``) is monitored by the names a file of its rows has ('0', '1', ...), as it gives the JSON
of the same rows written as a CSV (round 34: every role was refused as "not found", the fix
saying the frame "writes '0' with other Unicode code points"); a MultiIndex of columns, which
no file has, is refused naming the fix (was: "use one of its columns: \"('a', 't')\"", which
named a column it then refused)."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2024, 2, 1, tzinfo=dt.UTC)


def _frame(n=400):
    rng = np.random.default_rng(34)
    start = pd.Timestamp("2024-01-01", tz="UTC")
    return pd.DataFrame(
        {
            "t": (start + pd.to_timedelta(rng.integers(0, 3 * 86400, n), unit="s")).strftime(
                "%Y-%m-%dT%H:%M:%SZ"
            ),
            "p": rng.integers(0, 2, n),
            "y": rng.integers(0, 2, n),
            "g": rng.choice(["A", "B"], n),
        }
    )


def _request(target, names=("t", "p", "y", "g"), engine="auto"):
    t, p, y, g = names
    return MonitorRequest(
        target=target, time=t, window="1d", y_pred=p, y_true=y, protected=(f"{g}=A",),
        engine=engine,
    )  # fmt: skip


@pytest.mark.parametrize("engine", ["auto", "pandas", "dask"])
def test_integer_column_names_are_the_names_of_a_file_of_the_rows(tmp_path, engine):
    frame = _frame().set_axis(range(4), axis=1)
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    names = ("0", "1", "2", "3")
    target = frame
    if engine == "dask":
        target = pytest.importorskip("dask.dataframe").from_pandas(frame, npartitions=2)
    by_file = run_monitor(_request(str(path), names), tmp_path / "a.db", now=NOW).to_dict()
    by_frame = run_monitor(_request(target, names, engine), tmp_path / "b.db", now=NOW).to_dict()
    assert by_frame["windows"] == by_file["windows"]
    assert by_frame["comparisons"] == by_file["comparisons"]
    assert list(frame.columns) == [0, 1, 2, 3]  # the caller's frame keeps its names


def test_multiindex_columns_are_refused_naming_the_fix(tmp_path):
    frame = _frame()
    frame.columns = pd.MultiIndex.from_tuples([("a", "t"), ("a", "p"), ("b", "y"), ("b", "g")])
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(_request(frame), tmp_path / "s.db", now=NOW)
    message = str(caught.value)
    assert message.startswith("argument 'target': ")
    assert "MultiIndex" in message and "one level" in message
    assert not (tmp_path / "s.db").exists()
