"""Round 27: the history store stamps a change with the time once it holds the write lock, so
that two jobs writing at once (one waiting for the other's transaction) are stamped in the
order they are stored, never the waiting one with the earlier time."""

from __future__ import annotations

import itertools
import threading
import time


def test_a_write_waiting_for_the_lock_is_stamped_after_the_one_holding_it(tmp_path, monkeypatch):
    from ethiclens.web import _store

    ticks = itertools.count(1)
    monkeypatch.setattr(_store, "now", lambda: f"2026-01-01T00:00:{next(ticks):02d}+00:00")
    store = _store.Store(tmp_path / "history.sqlite")
    first = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    second = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    holding, waiting_started, done = threading.Event(), threading.Event(), threading.Event()

    def job_holding_the_lock():  # job B: its step is in its transaction when A's comes
        with store._tx() as db:
            holding.set()
            waiting_started.wait(5)
            time.sleep(0.5)  # job A now waits for the lock
            db.execute(
                "UPDATE audits SET status = 'running', step = 'reading', updated = ? WHERE id = ?",
                (_store.now(), second),
            )

    def job_waiting():  # job A: its step waits for B's transaction to end
        holding.wait(5)
        waiting_started.set()
        store.step(first, "reading")
        done.set()

    threads = [threading.Thread(target=f) for f in (job_holding_the_lock, job_waiting)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert done.is_set()
    job_b, job_a = store.audit(second), store.audit(first)
    # B was stored first: A, stored after it, is stamped later
    assert job_a["updated"] > job_b["updated"], (job_a["updated"], job_b["updated"])


def test_every_change_is_stamped_inside_its_transaction(tmp_path, monkeypatch):
    """Each kind of change (a new data row, a new request, a submit, a claim, a step, a
    finish, a failure, an interruption, a reopening, a recovery) takes its time with the
    write lock held."""
    from ethiclens.web import _store

    store = _store.Store(tmp_path / "history.sqlite")
    outside: list[str] = []
    real = _store.now

    def stamped():
        if not store._db().in_transaction:
            outside.append("stamp taken before the write lock")
        return real()

    monkeypatch.setattr(_store, "now", stamped)
    data_id = store.add_data(name="x.csv", kind="csv", path="/x.csv", profile="{}")
    draft = store.new_audit(data_id)
    store.submit(draft, 0, {"target": {}}, "audit")
    store.step(draft, "reading")
    store.finish(draft, result="{}", html="", card="", fingerprint="f", verdict="{}")
    store.claim(draft, 1)
    other = store.new_request(data_id, {"target": {}}, "audit")
    store.fail(other, {"problem": "x"})
    store.reopen(other)
    third = store.new_request(data_id, {"target": {}}, "audit")
    store.interrupt([third])
    store.new_request(data_id, {"target": {}}, "audit")
    store.recover()
    assert outside == []
