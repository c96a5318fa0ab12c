"""Round 27: on a PostgreSQL history (whose BEGIN locks nothing) each write takes the history's
own lock first, as SQLite's BEGIN IMMEDIATE does, so that two writes to different audits are
one at a time and stamped in the order they are committed: a write never commits before
another whose stamp is earlier but is still in its transaction."""

from __future__ import annotations

import itertools
import threading
import time

import pytest


def test_a_write_waits_for_the_other_transaction_and_is_stamped_after_it(postgres_url, monkeypatch):
    pytest.importorskip("psycopg")
    from ethiclens.web import _store

    ticks = itertools.count(1)
    monkeypatch.setattr(_store, "now", lambda: f"2026-01-01T00:00:{next(ticks):02d}+00:00")
    store = _store.Store(postgres_url)
    first = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    second = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    holding, release, done = threading.Event(), threading.Event(), threading.Event()
    committed: list[str] = []

    def job_b():  # stamps its step, then takes a while before it commits (a big result)
        with store._tx() as db:
            db.execute(
                "UPDATE audits SET status = 'running', step = 'reading', updated = %s "
                "WHERE id = %s",
                (_store.now(), second),
            )
            holding.set()
            release.wait(10)
            # noted before the commit returns: A appends only after its own commit, which the
            # lock holds back until B's commit, so the list order is B's, then A's (appending
            # after the with-block raced A's append once B's lock was gone)
            committed.append("B")
        store.close()

    def job_a():  # a later step of another audit
        holding.wait(10)
        store.step(first, "reading")
        committed.append("A")
        done.set()
        store.close()

    threads = [threading.Thread(target=f) for f in (job_b, job_a)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    waited = not done.is_set()  # A waits for B's transaction (it used to commit at once)
    release.set()
    for t in threads:
        t.join(30)
    assert done.is_set()
    assert waited, "a write committed while another transaction of the history was open"
    job_b_row, job_a_row = store.audit(second), store.audit(first)
    assert committed == ["B", "A"]
    assert job_a_row["updated"] > job_b_row["updated"], (job_a_row, job_b_row)
    store.close()
