"""Round 47 (known item d, its read-only face): a store whose last writer stopped mid-write (a
run killed, a sqlite3 shell's open transaction at a crash) has a hot -journal beside it.
``read_store`` (the web's Monitoring page, ``serve --monitor-store``) opens stores read-only,
where SQLite may not roll the journal back, and refused such a store as "is damaged (SQLite:
attempt to write a readonly database)", though ``ethiclens monitor`` resumes it (SQLite rolls
it back). read_store now judges it on its content, the last committed state, read from a
private copy rolled back there; the store and its journal are left as found."""

import shutil
import sqlite3

from ethiclens.monitor import read_store, run_monitor

from .conftest import request_of


def _hot_copy(store, to):
    """``store`` and a hot journal, as a writer killed mid-transaction leaves them: copied while
    an uncommitted delete has spilled into the file (its journal holds the pages)."""
    con = sqlite3.connect(store, isolation_level=None)
    con.execute("PRAGMA cache_size=1")
    con.execute("BEGIN IMMEDIATE")
    con.execute("DELETE FROM results")
    con.execute("DELETE FROM windows")
    shutil.copyfile(f"{store}-journal", f"{to}-journal")
    shutil.copyfile(store, to)
    con.execute("ROLLBACK")
    con.close()


def test_a_store_with_a_hot_journal_is_read_as_committed(tmp_path, days):
    feed = days(tmp_path / "feed", range(4), n=200)
    store, hot = tmp_path / "s.sqlite", tmp_path / "hot.sqlite"
    run_monitor(request_of(feed), store)
    _hot_copy(store, hot)
    files = {p: p.read_bytes() for p in (hot, tmp_path / "hot.sqlite-journal")}
    assert files[hot] != store.read_bytes()  # the delete reached the file: only the journal
    got, want = read_store(hot), read_store(store)
    assert got["windows"] == want["windows"] and len(got["windows"]) == 4
    assert got["comparisons"] == want["comparisons"]
    assert {p: p.read_bytes() for p in files} == files  # left as found
