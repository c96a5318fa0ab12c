"""A DataFrame whose columns are named by the text '0' and the number 0 (one name once read as
text, as a file of its rows names both) is refused naming both as given (round 34 review:
1874c750 read 0 as '0' and the refusal said "the DataFrame has two columns of this name", of a
frame whose names differ); mixed, numpy-integer and bool names are read as a file names them."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2024, 2, 1, tzinfo=dt.UTC)


def _frame(n=300):
    rng = np.random.default_rng(34)
    start = pd.Timestamp("2024-01-01", tz="UTC")
    return pd.DataFrame(
        {
            "t": start + pd.to_timedelta(rng.integers(0, 3 * 86400, n), unit="s"),
            "p": rng.integers(0, 2, n),
            "y": rng.integers(0, 2, n),
            "g": rng.choice(["A", "B"], n),
        }
    )


def _run(frame, store, names, engine="auto"):
    t, p, y, g = names
    request = MonitorRequest(
        target=frame, time=t, window="1d", y_pred=p, y_true=y, protected=(f"{g}=A",),
        engine=engine,
    )  # fmt: skip
    return run_monitor(request, store, now=NOW).to_dict()


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_text_and_the_number_of_one_name_are_refused_naming_both(tmp_path, engine):
    frame = _frame().assign(z=1).set_axis(pd.Index(["t", "p", "y", "0", 0], dtype=object), axis=1)
    with pytest.raises(EthicLensInputError) as caught:
        _run(frame, tmp_path / "s.db", ("t", "p", "y", "0"), engine)
    assert str(caught.value).startswith(
        "column '0': the DataFrame has two columns of this name as text ('0', 0)"
    )
    assert not (tmp_path / "s.db").exists()
    assert list(frame.columns) == ["t", "p", "y", "0", 0]


@pytest.mark.parametrize(
    "names",
    [
        ["t", 1, "y", 3],
        [np.int64(0), np.int64(1), np.int64(2), np.int64(3)],
        ["t", True, "y", False],
    ],
    ids=["mixed", "numpy", "bool"],
)
def test_names_not_text_are_read_as_a_file_of_the_rows_names_them(tmp_path, names):
    frame = _frame().set_axis(pd.Index(names, dtype=object), axis=1)
    text = tuple(str(n) for n in names)
    by_file = _frame().set_axis(list(text), axis=1)
    want = _run(by_file, tmp_path / "a.db", text)
    got = _run(frame, tmp_path / "b.db", text)
    assert (got["windows"], got["comparisons"]) == (want["windows"], want["comparisons"])
    assert list(frame.columns) == names
