"""Round 27: rows from before a store's first day, while the store holds no window yet.

A first run that held back every window it counted (today's, not yet ended; or the only one,
``--hold-last``) fixed the store's first day all the same, so a second run whose target also
held the day before (a late export) was refused as "time went backwards: rows … are older
than the store's first window", though the store had processed nothing: its only remedy was
a new store. Such a store's windows are now anchored that many whole windows earlier, its held
windows renumbered with them, as if its first run had seen those rows."""

import datetime as dt

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import run_monitor

from .conftest import request_of

UTC = dt.UTC


def _req(folder, **kw):
    return request_of(folder, n_draws=100, **kw)


def test_a_day_before_a_held_first_day_is_taken(days, tmp_path):
    # days 0, 1, 2 of the feed are 2024-03-01 to 03-03; the first run sees only day 1
    first = days(tmp_path / "first", [1], n=80, seed=3)
    store = tmp_path / "s.sqlite"
    during = dt.datetime(2024, 3, 2, 23, 59, 59, tzinfo=UTC)
    held = run_monitor(_req(first), store, now=during).data
    assert held["run"]["new_windows"] == 0 and held["run"]["pending_windows"] == [0]
    both = days(tmp_path / "both", [0, 2], n=80, seed=4)
    (both / "day001.csv").write_bytes((first / "day001.csv").read_bytes())
    doc = run_monitor(_req(both), store, now=dt.datetime(2024, 3, 5, tzinfo=UTC)).data
    assert doc["run"]["new_windows"] == 3
    assert [w["start"] for w in doc["windows"]] == [
        "2024-03-01T00:00:00Z",
        "2024-03-02T00:00:00Z",
        "2024-03-03T00:00:00Z",
    ]
    # the store goes on from there: a later day is window 3
    more = days(tmp_path / "more", [3], n=80, seed=5)
    for f in both.iterdir():
        (more / f.name).write_bytes(f.read_bytes())
    later = run_monitor(_req(more), store, now=dt.datetime(2024, 3, 6, tzinfo=UTC)).data
    assert later["run"]["new_windows"] == 1 and later["windows"][-1]["window"] == 3


def test_week_windows_are_anchored_whole_weeks_earlier(days, tmp_path):
    first = days(tmp_path / "first", [7, 8], n=80, seed=3)
    store = tmp_path / "s.sqlite"
    now = dt.datetime(2024, 3, 20, tzinfo=UTC)
    held = run_monitor(_req(first, window="7d", hold_last=True), store, now=now).data
    assert held["run"]["pending_windows"] == [0]
    both = days(tmp_path / "both", [5, 20], n=80, seed=4)
    for f in first.iterdir():
        (both / f.name).write_bytes(f.read_bytes())
    now = dt.datetime(2024, 3, 30, tzinfo=UTC)
    doc = run_monitor(_req(both, window="7d", hold_last=True), store, now=now).data
    # the first run's week began 2024-03-08; one week earlier holds 03-06 (03-21's week: held)
    assert [w["start"][:10] for w in doc["windows"]] == ["2024-03-01", "2024-03-08"]
    assert [w["rows"] for w in doc["windows"]] == [80, 160]
    assert doc["run"]["pending_windows"] == [2]


def test_rows_before_a_processed_window_are_still_refused(days, tmp_path):
    store = tmp_path / "s.sqlite"
    now = dt.datetime(2024, 3, 10, tzinfo=UTC)
    run_monitor(_req(days(tmp_path / "first", [2], n=80)), store, now=now)
    with pytest.raises(EthicLensInputError, match="time went backwards"):
        run_monitor(_req(days(tmp_path / "early", [0, 2], n=80)), store, now=now)


def test_row_windows_take_earlier_rows_while_none_is_processed(days, tmp_path):
    """The row-window sibling: a first run whose rows did not fill a window held them; a
    target that also holds earlier rows was refused as "held rows lost … so the rows seen then
    would never be counted", though they are counted (numbered from the first row, as always)."""
    first = days(tmp_path / "first", [1], n=30, seed=3)
    store = tmp_path / "s.sqlite"
    now = dt.datetime(2024, 3, 10, tzinfo=UTC)
    held = run_monitor(_req(first, window="40"), store, now=now).data
    assert held["run"]["pending_windows"] == [0]
    both = days(tmp_path / "both", [0, 2], n=10, seed=4)
    (both / "day001.csv").write_bytes((first / "day001.csv").read_bytes())
    doc = run_monitor(_req(both, window="40"), store, now=now).data
    assert doc["run"]["new_windows"] == 1 and doc["windows"][0]["rows"] == 40
    assert doc["windows"][0]["start"].startswith("2024-03-01")


def test_row_windows_still_refuse_a_held_window_that_lost_rows(days, tmp_path):
    first = days(tmp_path / "first", [1], n=30, seed=3)
    store = tmp_path / "s.sqlite"
    now = dt.datetime(2024, 3, 10, tzinfo=UTC)
    run_monitor(_req(first, window="40"), store, now=now)
    fewer = days(tmp_path / "fewer", [2], n=20, seed=4)
    with pytest.raises(EthicLensInputError, match="held rows lost"):
        run_monitor(_req(fewer, window="40"), store, now=now)
