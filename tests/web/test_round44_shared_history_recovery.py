"""Round 44: a second server started on the same history took the first, live server's audits
for its own dead ones. At start ``Store.recover`` marked every queued or running audit
interrupted, and the first server's ``finish`` then completed nothing: its finished result was
silently dropped. Now each server registers (``servers``, a heartbeat) and owns the audits it
queues; recovery interrupts only the audits of servers that are gone, and a finished result of
an audit that recovery interrupted by mistake is kept."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time

import pytest

from ethiclens.web import _store
from ethiclens.web._store import RECOVERED, Heartbeat, Store

RESULT = {"result": "{}", "html": "<p>", "card": "c", "fingerprint": "f", "verdict": "ok"}


def _running(store: Store) -> str:
    audit_id = store.new_request(None, {"x": 1}, "audit")
    assert store.step(audit_id, "reading the data and computing the intervals")
    return audit_id


def _silent_for(store: Store, seconds: float) -> None:
    """``store``'s server last beat ``seconds`` ago, by the clock its heartbeats are judged by
    (a PostgreSQL history's own since round 45: a recovering server's clock running ahead, as
    this helper once made it, no longer takes a live server for gone)."""
    import datetime as dt

    with store._tx() as db:
        at = dt.datetime.fromisoformat(store._clock(db)) - dt.timedelta(seconds=seconds)
        stamp = at.isoformat(timespec="seconds")
        db.execute("UPDATE servers SET heartbeat = ? WHERE id = ?", (stamp, store.server))


@pytest.fixture(params=["sqlite", "postgresql"])
def history(request, tmp_path):
    if request.param == "sqlite":
        return tmp_path / "h.sqlite"
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


def test_a_second_server_leaves_a_live_servers_audit_alone(history):
    first = Store(history)
    first.register()
    audit_id = _running(first)
    second = Store(history)
    second.register()
    assert second.recover() == 0
    assert first.audit(audit_id)["status"] == "running"
    first.finish(audit_id, **RESULT)
    assert first.audit(audit_id)["status"] == "done"
    assert first.audit(audit_id)["result"] == "{}"


def test_the_audits_of_a_server_without_heartbeat_are_interrupted(history):
    first = Store(history)
    first.register()
    audit_id = _running(first)
    second = Store(history)
    second.register()
    _silent_for(first, _store.GONE_AFTER + 5)
    assert second.recover() >= 1  # (a PostgreSQL history is shared by other tests too)
    row = first.audit(audit_id)
    assert (row["status"], row["step"]) == ("interrupted", RECOVERED)
    gone = second._one("SELECT COUNT(*) AS n FROM servers WHERE id = ?", (first.server,))
    assert gone["n"] == 0  # its row removed; its next heartbeat makes it again
    first.beat()
    assert second._one("SELECT COUNT(*) AS n FROM servers WHERE id = ?", (first.server,))["n"]


def test_a_result_finished_after_a_mistaken_recovery_is_kept(history):
    """The brief's reproducer: the first store never registered (no heartbeat), so the second
    takes it for gone; its worker's result is stored all the same (the work is done)."""
    first = Store(history)
    audit_id = first.new_request(None, {"x": 1}, "audit")
    first._write("UPDATE audits SET status = 'running' WHERE id = ?", (audit_id,))
    assert Store(history).recover() >= 1
    assert first.audit(audit_id)["status"] == "interrupted"
    first.finish(audit_id, **RESULT)
    row = first.audit(audit_id)
    assert (row["status"], row["result"], row["card"]) == ("done", "{}", "c")


def test_a_worker_still_running_takes_its_audit_back(history):
    first = Store(history)
    audit_id = _running(first)
    Store(history).recover()
    assert first.step(audit_id, "writing the report")
    assert first.audit(audit_id)["status"] == "running"
    # a refusal is a finished result too
    other = _running(first)
    Store(history).recover()
    first.fail(other, {"problem": "x"})
    assert first.audit(other)["status"] == "failed"


def test_an_audit_its_own_server_stopped_stays_interrupted(history):
    store = Store(history)
    store.register()
    audit_id = _running(store)
    assert store.interrupt([audit_id]) == 1
    assert not store.step(audit_id, "writing the report")
    store.finish(audit_id, **RESULT)
    store.fail(audit_id, {"problem": "x"})
    assert (store.audit(audit_id)["status"], store.audit(audit_id)["result"]) == (
        "interrupted",
        None,
    )


def test_a_server_of_this_host_whose_process_died_is_gone_at_once(tmp_path):
    """SQLite: its heartbeat is fresh, but its process no longer exists (a kill -9 and a
    restart within the heartbeat's timeout)."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    first = Store(tmp_path / "h.sqlite")
    first.register()
    audit_id = _running(first)
    first._write("UPDATE servers SET pid = ? WHERE id = ?", (dead.pid, first.server))
    again = Store(tmp_path / "h.sqlite")
    again.register()
    assert again.recover() == 1
    assert first.audit(audit_id)["status"] == "interrupted"


def test_the_heartbeat_recovers_a_server_that_stops_answering(tmp_path):
    first = Store(tmp_path / "h.sqlite")
    first.register()
    audit_id = _running(first)
    second = Store(tmp_path / "h.sqlite")
    second.register()
    beat = Heartbeat(second, every=0.01, timeout=-1)  # every other server is gone at once
    beat.start()
    try:
        deadline = time.monotonic() + 0.8
        while first.audit(audit_id)["status"] != "interrupted" and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        beat.stop()
    assert first.audit(audit_id)["status"] == "interrupted"
    assert second._one("SELECT id FROM servers WHERE id = ?", (second.server,))


def test_a_history_of_an_earlier_version_gets_the_owners_and_keeps_its_rows(tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:  # the layout before owners (and unmarked, as it was)
        db.executescript(
            "CREATE TABLE data (id TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT, dataset "
            "TEXT, kind TEXT NOT NULL, size BIGINT, sha256 TEXT, created TEXT NOT NULL, "
            "profile TEXT);"
            "CREATE TABLE audits (id TEXT PRIMARY KEY, data_id TEXT REFERENCES data(id), "
            "created TEXT NOT NULL, updated TEXT NOT NULL, finished TEXT, rev INTEGER NOT NULL "
            "DEFAULT 0, status TEXT NOT NULL, step TEXT, purpose TEXT NOT NULL DEFAULT 'audit', "
            "spec TEXT, fingerprint TEXT, result TEXT, html TEXT, card TEXT, verdict TEXT, "
            "error TEXT);"
            "INSERT INTO audits (id, created, updated, status, spec, result) VALUES "
            "('a', 'x', 'x', 'done', '{}', '{}'), ('b', 'x', 'x', 'running', '{}', NULL);"
        )
    store = Store(path)
    store.register()
    assert store.recover() == 1  # an owner-less running row: its server (an earlier one) is gone
    assert [(r["id"], r["status"]) for r in store._rows("SELECT * FROM audits ORDER BY id")] == [
        ("a", "done"),
        ("b", "interrupted"),
    ]
    assert store._one("SELECT owner FROM audits WHERE id = 'a'")["owner"] is None


def test_a_second_app_on_the_history_keeps_the_first_apps_running_audit(tmp_path):
    from tests.web.conftest import make_app

    first = make_app(tmp_path)
    store = first.state.store
    audit_id = _running(store)
    make_app(tmp_path)  # a second server starts on the same data folder's history
    assert store.audit(audit_id)["status"] == "running"
    store.finish(audit_id, **RESULT)
    assert store.audit(audit_id)["status"] == "done"
