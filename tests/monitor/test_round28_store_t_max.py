"""Round 28: ``runs.t_max``, the latest time the store has seen, never moves back.

Before: each run recorded its own batch's latest time, so a run given an older batch whose
windows the store holds already (accepted, nothing new) recorded a time before the store's
last window, and ``read_store``'s ``last_run`` said so after the store was reopened."""

import shutil
import sqlite3

from ethiclens.monitor import read_store, run_monitor

from .conftest import request_of, write_days


def _runs(store) -> list:
    with sqlite3.connect(store) as con:
        rows = con.execute("SELECT run, t_max FROM runs ORDER BY run").fetchall()
        (last_start,) = con.execute("SELECT max(start) FROM windows").fetchone()
    con.close()
    return rows, last_start


def test_an_older_batch_keeps_the_latest_time_seen(tmp_path):
    feed = write_days(tmp_path / "feed", range(5), n=300)
    older = tmp_path / "older"
    older.mkdir()
    shutil.copy(feed / "day002.csv", older)
    store = tmp_path / "s.sqlite"
    run_monitor(request_of(feed), store)
    doc = run_monitor(request_of(older), store).to_dict()
    assert doc["run"]["new_windows"] == 0 and doc["run"]["already_seen"] == 1
    (_, first), (_, second) = _runs(store)[0]
    assert second == first and second >= _runs(store)[1]  # within the last stored window
    assert read_store(store)["last_run"]["t_max"] == first
    # a later batch moves it on
    newer = write_days(tmp_path / "newer", [5], n=300)
    run_monitor(request_of(newer), store)
    rows, last_start = _runs(store)
    assert rows[-1][1] > first and rows[-1][1] >= last_start
