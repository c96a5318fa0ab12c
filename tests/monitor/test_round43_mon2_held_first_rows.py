"""Round 43 (mon2): a day window held back (--hold-last) must come back whole. The check was
on the row count alone, so a next TARGET holding only the new rows (a Python batch of new
rows, or a folder whose earlier file was rotated out) passed it whenever the held day's new
part had as many rows as the held part: the day was processed without the rows seen before,
a silently short window (20 runs' evidence differed from one run over all rows). Now the held
day's first row must still be there."""

import os

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

from .conftest import run_cli


def _rows(hours, day="2024-03-02"):
    """Rows of one day at the given hours: group a/b alternating, pred 1 on even rows."""
    return pd.DataFrame(
        {
            "ts": [f"{day}T{h:02d}:00:00Z" for h in hours],
            "g": ["a", "b"] * (len(hours) // 2) + ["a"] * (len(hours) % 2),
            "pred": [i % 2 for i in range(len(hours))],
        }
    )


FIRST = pd.concat([_rows(range(20), "2024-03-01"), _rows(range(4))], ignore_index=True)
# the rest of 2024-03-02 (more rows than its held part) and 2024-03-03
NEXT = pd.concat([_rows(range(4, 24)), _rows(range(10), "2024-03-03")], ignore_index=True)


def _request(target, **kw):
    return MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        engine="pandas", **kw,
    )  # fmt: skip


def test_a_batch_of_new_rows_alone_is_refused(tmp_path):
    store = tmp_path / "m.sqlite"
    run_monitor(_request(FIRST, hold_last=True), store, warn=False)
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(_request(NEXT), store, warn=False)
    text = str(err.value)
    assert "held rows lost: window 1 (2024-03-02T00:00:00Z" in text
    assert "with 4 rows" in text and "has 20 rows in it" in text
    assert "none before 2024-03-02T04:00:00Z (its held rows begin 2024-03-02T00:00:00Z)" in text
    # nothing added: the held day waits for a TARGET holding its rows
    assert len(read_store(store)["windows"]) == 1
    whole = pd.concat([FIRST, NEXT], ignore_index=True)
    result = run_monitor(_request(whole), store, warn=False).to_dict()
    assert [w["rows"] for w in result["windows"]] == [20, 24, 10]


def test_a_folder_whose_held_file_was_rotated_out_is_refused(tmp_path, capsys):
    feed, store = tmp_path / "feed", tmp_path / "m.sqlite"
    feed.mkdir()
    FIRST.to_csv(feed / "d1.csv", index=False)
    flags = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "g=a"]
    flags += ["--engine", "pandas", "--store", store]
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--hold-last")
    assert rc == 0, err
    os.remove(feed / "d1.csv")  # rotated out
    NEXT.to_csv(feed / "d2.csv", index=False)
    rc, out, err = run_cli(capsys, "monitor", feed, *flags)
    assert rc == 2 and "Traceback" not in err
    assert "held rows lost" in err and "its held rows begin 2024-03-02T00:00:00Z" in err


def test_a_growing_target_and_earlier_rows_of_the_held_day_still_pass(tmp_path):
    """The held rows still there (a growing target), beside rows of the held day earlier than
    them (not processed yet, so not late): the day is processed whole, as one run over all
    rows counts it."""
    store = tmp_path / "m.sqlite"
    held = pd.concat([_rows(range(20), "2024-03-01"), _rows(range(2, 6))], ignore_index=True)
    run_monitor(_request(held, hold_last=True), store, warn=False)
    whole = pd.concat([held, _rows([0, 1]), NEXT], ignore_index=True)
    got = run_monitor(_request(whole), store, warn=False).to_dict()
    one = run_monitor(_request(whole), tmp_path / "one.sqlite", warn=False).to_dict()
    assert [w["rows"] for w in got["windows"]] == [20, 26, 10]
    assert [w["rows"] for w in one["windows"]] == [20, 26, 10]
    assert got["comparisons"] == one["comparisons"]
