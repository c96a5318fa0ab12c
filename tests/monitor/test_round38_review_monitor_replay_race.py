"""Round 38 review (monitor, 00622bf2): a store is checked (and, where it still holds its
``replay_digest``, not replayed) when a run opens it, before the run locks it; a run then
wrote the digest of whatever the store held at its commit. A result edited by hand while a run
waited for the lock (or another run's commit in between) was so taken for replayed: the edit
passed every later run, where 00622bf2^ refused it at the next open. A run now writes the
digest only where the store, once locked, holds what its opening checked (SQLite: its
``data_version`` unchanged, else the digest compared; PostgreSQL: the digest); otherwise it
drops it and the next run replays the store in full. Deterministic: the "concurrent" edit is
made by a patched ``Store.open`` right after the check, before the lock."""

import json
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import _store

# the stream and the run of 00622bf2's tests, the same days and seeds
from .test_round38_monitor_replay_once import _days, _run


def _lower_window_1(con, param: str = "?") -> None:
    """A middle window's disparate-impact e-value lowered by hand."""
    (body,) = con.execute(f'SELECT body FROM results WHERE "window" = 1 AND grp = {param}', ("B",))
    body = json.loads(body)
    body["tests"]["disparate_impact"]["log_e_value"] -= 0.25
    con.execute(f'UPDATE results SET body = {param} WHERE "window" = 1', (json.dumps(body),))


def _after_open(monkeypatch, act) -> None:
    """``act()`` once, right after the next ``Store.open`` checked the store (a run waiting
    for the lock)."""
    real = _store.Store.open.__func__
    done = []

    def opened(cls, path, **kwargs):
        store = real(cls, path, **kwargs)
        if not done:
            done.append(1)
            act()
        return store

    monkeypatch.setattr(_store.Store, "open", classmethod(opened))


def _sqlite_edit(path):
    def act():
        with sqlite3.connect(path) as con:
            _lower_window_1(_Cursorless(con))

    return act


class _Cursorless:
    """A sqlite3 or psycopg connection whose ``execute`` gives a read's first row."""

    def __init__(self, con):
        self.con = con

    def execute(self, sql, params):
        cursor = self.con.execute(sql, params)
        return cursor.fetchone() if sql.startswith("SELECT") else None


def test_a_hand_edit_while_a_run_waits_is_still_refused_by_the_next_run(tmp_path, monkeypatch):
    store = str(tmp_path / "s.sqlite")
    _run(_days("2024-03-01", 3, 1), store)
    _after_open(monkeypatch, _sqlite_edit(store))
    _run(_days("2024-03-04", 1, 2), store)  # checked before the edit: not refused (as before)
    monkeypatch.undo()
    with pytest.raises(EthicLensInputError, match="window 1 holds the disparate_impact log"):
        _run(_days("2024-03-05", 1, 3), store)  # was: passed, the edit under a fresh digest


def test_another_runs_commit_while_a_run_waits_costs_one_replay(tmp_path, monkeypatch):
    store = str(tmp_path / "s.sqlite")
    _run(_days("2024-03-01", 3, 1), store)
    # a second run's commit (day 4) between this run's check and its lock (this run: day 5)
    _after_open(monkeypatch, lambda: _run(_days("2024-03-04", 1, 2), store))
    _run(_days("2024-03-05", 1, 3), store)
    monkeypatch.undo()
    with sqlite3.connect(store) as con:  # nothing checked it all: no digest, replayed next
        held = con.execute("SELECT 1 FROM meta WHERE key = 'replay_digest'").fetchall()
    assert held == []
    calls = []
    real = _store.replay_problem
    monkeypatch.setattr(_store, "replay_problem", lambda *a: calls.append(1) or real(*a))
    report = _run(_days("2024-03-06", 1, 4), store)
    assert calls == [1]  # replayed in full once, which found it sound
    assert report["run"]["new_windows"] == 1


def test_a_postgres_store_edited_while_a_run_waits_is_still_refused(pg_url, monkeypatch):
    psycopg = pytest.importorskip("psycopg")
    url = f"{pg_url}&schema=r38_review_replay_race"
    _run(_days("2024-03-01", 3, 1), url)
    conninfo = pg_url.replace("postgresql+psycopg://", "postgresql://")

    def act():
        with psycopg.connect(conninfo, autocommit=True) as con:
            con.execute('SET search_path TO "r38_review_replay_race"')
            _lower_window_1(_Cursorless(con), "%s")

    _after_open(monkeypatch, act)
    _run(_days("2024-03-04", 1, 2), url)
    monkeypatch.undo()
    with pytest.raises(EthicLensInputError, match="window 1 holds the disparate_impact log"):
        _run(_days("2024-03-05", 1, 3), url)
