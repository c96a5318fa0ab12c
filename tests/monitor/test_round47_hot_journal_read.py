"""Round 47 (known item d, its read-only face): a store whose last writer stopped mid-write (a
run killed, a sqlite3 shell's open transaction at a crash) has a hot -journal beside it.
``read_store`` (the web's Monitoring page, ``serve --monitor-store``) opens stores read-only,
where SQLite may not roll the journal back, and refused such a store as "is damaged (SQLite:
attempt to write a readonly database)", though ``ethiclens monitor`` resumes it (SQLite rolls
it back). read_store now judges it on its content, the last committed state, read from a
private copy rolled back there; the store and its journal are left as found."""

import shutil
import sqlite3
from types import SimpleNamespace

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import _read, read_store, run_monitor

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


# Review of 875c9f89: the journal was copied, then the store. A run that rolled the journal back
# and wrote the store between the two copies left a copy mixing the old journal with the newer
# store, rolled back there into a damaged one: "is damaged (SQLite: On tree page 5 cell 0:
# invalid page number 52) ... restore it from a backup" of an intact store. The journal is now
# checked again after the store is copied: gone or changed, the store is busy, as while a run
# writes it.
@pytest.mark.parametrize("then", ["committed", "killed again"])
def test_a_run_between_the_two_copies_makes_the_store_busy(tmp_path, days, monkeypatch, then):
    feed = days(tmp_path / "feed", range(2), n=40)
    store, hot = tmp_path / "s.sqlite", tmp_path / "hot.sqlite"
    run_monitor(request_of(feed), store)
    _hot_copy(store, hot)
    days(feed, range(2, 4), n=40)
    copies = []

    def copy_then_run(src, dst):  # after the journal's copy: a run rolls it back and commits
        shutil.copyfile(src, dst)
        copies.append(src)
        if len(copies) == 1:
            run_monitor(request_of(feed), hot)
            if then == "killed again":  # and a later run is killed mid-write: a new journal
                _hot_copy(hot, tmp_path / "again.sqlite")
                for end in ("", "-journal"):
                    shutil.copyfile(tmp_path / f"again.sqlite{end}", f"{hot}{end}")

    monkeypatch.setattr(_read, "shutil", SimpleNamespace(copyfile=copy_then_run))
    with pytest.raises(EthicLensInputError, match=r"is busy \(a monitor run is writing it\)"):
        read_store(hot)
    monkeypatch.undo()
    assert len(read_store(hot)["windows"]) == 4  # intact: the next read gives the run's windows
