"""Round 45 (web): a PostgreSQL history, shared by servers on several hosts, judged each
server's heartbeat by the recovering server's own clock (heartbeats stamped by each server's
clock): a server whose clock ran two minutes ahead took every live server for gone and
interrupted their running audits, and one whose clock ran behind was itself taken for gone
late. Heartbeats are now stamped and judged by the database's clock (clock_timestamp()); a
SQLite history, on one host, by that host's."""

from __future__ import annotations

import datetime as dt

import pytest

from ethiclens.web import _store
from ethiclens.web._store import Store


def _clock_off_by(monkeypatch, seconds: float) -> None:
    """This process's clock, as the history's Python code reads it, ``seconds`` off."""
    at = (dt.datetime.now(dt.UTC) + dt.timedelta(seconds=seconds)).isoformat(timespec="seconds")
    monkeypatch.setattr(_store, "now", lambda: at)


@pytest.fixture
def postgres(request):
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


def test_a_server_whose_clock_runs_ahead_takes_no_live_server_for_gone(postgres, monkeypatch):
    first = Store(postgres)
    first.register()
    audit_id = first.new_request(None, {"x": 1}, "audit")
    assert first.step(audit_id, "reading the data and computing the intervals")
    second = Store(postgres)
    second.register()
    _clock_off_by(monkeypatch, _store.GONE_AFTER + 5)  # the recovering host's clock
    second.beat()
    second.recover()
    assert first.audit(audit_id)["status"] == "running"
    assert second._one("SELECT id FROM servers WHERE id = ?", (first.server,))


def test_a_server_whose_clock_runs_behind_beats_by_the_database_clock(postgres, monkeypatch):
    first = Store(postgres)
    first.register()
    _clock_off_by(monkeypatch, -3600)  # an hour behind: its heartbeats are fresh all the same
    first.beat()
    monkeypatch.undo()
    beat = first._one("SELECT heartbeat FROM servers WHERE id = ?", (first.server,))["heartbeat"]
    age = dt.datetime.now(dt.UTC) - dt.datetime.fromisoformat(beat)
    assert abs(age.total_seconds()) < 60
