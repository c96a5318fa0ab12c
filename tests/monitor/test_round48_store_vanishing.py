"""Round 48 (leftover 3, a store's file gone between its check and its use): read_store (the
web's Monitoring page) that failed on a hot -journal ("attempt to write a readonly database")
and found the journal gone by the time it looked (a run rolled it back meanwhile) called an
intact store "is damaged ... restore it from a backup"; it now reads the store again, as that
run left it. A run's Store.open that saw a store file which another first run, refused, removed
before it was read (``_drop_if_empty``) failed with a FileNotFoundError traceback; it now
starts the store, as if never made."""

import os
import sqlite3

from ethiclens.monitor import _read, _store, read_store, run_monitor

from .conftest import request_of
from .test_round47_hot_journal_read import _hot_copy


def test_a_journal_rolled_back_during_the_read_is_read_again(tmp_path, days, monkeypatch):
    feed = days(tmp_path / "feed", range(2), n=40)
    store, hot = tmp_path / "s.sqlite", tmp_path / "hot.sqlite"
    run_monitor(request_of(feed), store)
    _hot_copy(store, hot)
    real = _read._read

    def read_while_a_run_rolls_back(st, refuse):
        try:
            return real(st, refuse)
        except sqlite3.DatabaseError:  # the hot journal, read-only: a run rolls it back now
            run_monitor(request_of(feed), hot)
            assert not os.path.exists(f"{hot}-journal")
            raise

    monkeypatch.setattr(_read, "_read", read_while_a_run_rolls_back)
    assert len(read_store(hot)["windows"]) == 2


def test_a_store_removed_before_it_is_read_is_started(tmp_path, days, monkeypatch):
    feed = days(tmp_path / "feed", range(2), n=40)
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"SQLite format 3\x00" + bytes(84))  # seen, then removed before read

    def removed_then_opened(path, *args, **kw):
        os.remove(path)
        return open(path, *args, **kw)

    monkeypatch.setattr(_store, "open", removed_then_opened, raising=False)
    run_monitor(request_of(feed), store)
    monkeypatch.undo()
    assert len(read_store(store)["windows"]) == 2
