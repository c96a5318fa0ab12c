"""Round 20 (W2): a worker process that dies fails only the audit it ran (when it dies under
that audit twice), never the others its pool held: they are handed to a fresh pool and
finish; the failed audit's page is no HTTP 500 and offers "Run it again", whose mapping
screen shows no error of the request."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from .conftest import csrf_of, make_frame, upload, wait_done

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _spec(path) -> dict:
    roles = {"y_true": "label", "y_pred": ["pred"], "protected": ["group"]}
    return {"target": {"file": str(path), "engine": "pandas"}, "roles": roles}


def _statuses(store, ids, timeout=120) -> list[str]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        rows = [store.audit(i) for i in ids]
        if all(r["status"] in ("done", "failed") for r in rows):
            return [r["status"] for r in rows]
        time.sleep(0.1)
    raise AssertionError([(r["status"], r["step"]) for r in rows])


def _workers(runner) -> list:
    return list((runner._pool._processes or {}).values())


def _setup(tmp_path, workers: int):
    from ethiclens.web._jobs import Runner
    from ethiclens.web._store import Store

    path = tmp_path / "preds.csv"
    make_frame(n=1500).to_csv(path, index=False)
    store = Store(tmp_path / "h.sqlite")
    runner = Runner(str(tmp_path / "h.sqlite"), workers=workers, kind="process")
    pool = runner._executor()
    # every worker started and ready (a pool starts one only while none is idle)
    for future in [pool.submit(time.sleep, 1.0) for _ in range(workers)]:
        future.result(timeout=60)
    assert len(_workers(runner)) == workers
    return path, store, runner


def test_a_killed_worker_fails_none_of_the_audits_that_had_not_started(tmp_path):
    path, store, runner = _setup(tmp_path, 2)
    try:
        first = _workers(runner)
        for process in first:
            os.kill(process.pid, signal.SIGSTOP)
        ids = [store.new_request(None, _spec(path), "audit") for _ in range(4)]
        for audit_id in ids:
            runner.submit(audit_id, _spec(path), "audit")
        os.kill(first[0].pid, signal.SIGKILL)
        os.kill(first[1].pid, signal.SIGCONT)
        assert _statuses(store, ids) == ["done"] * 4
        assert _pending_after_callbacks(runner) == 0
    finally:
        runner.shutdown()


def _pending_after_callbacks(runner, timeout=30) -> int:
    """The runner's pending count once its done-callbacks have run: a worker writes "done" to
    the store before the pool's callback thread releases the audit, so the store can say done
    while the count still holds it (the full suite saw 1 == 0)."""
    deadline = time.time() + timeout
    while runner.pending and time.time() < deadline:
        time.sleep(0.01)
    return runner.pending


def _running_on(runner, ids, timeout=60) -> dict:
    """{audit: the pid of the worker process running it}, once each has started."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        marks = {p.read_text(): int(p.name) for p in Path(runner._marks).iterdir()}
        if all(i in marks for i in ids):
            return {i: marks[i] for i in ids}
        time.sleep(0.002)
    raise AssertionError(f"not started: {ids}")


def test_only_the_audit_on_the_dead_worker_fails(tmp_path):
    from ethiclens.web._jobs import WORKER_STOPPED

    path, store, runner = _setup(tmp_path, 2)
    slow = {**_spec(path), "policy": {"ci": "bca", "n_boot": 3000}}
    victim, other, waiting = (store.new_request(None, slow, "audit") for _ in range(3))
    try:
        for audit_id in (victim, other, waiting):
            runner.submit(audit_id, slow, "audit")
        pids = _running_on(runner, [victim, other])
        for pid in pids.values():  # both hold: neither finishes before the kill
            os.kill(pid, signal.SIGSTOP)
        os.kill(pids[victim], signal.SIGKILL)
        os.kill(pids[other], signal.SIGCONT)
        assert _statuses(store, [victim, other, waiting], 300) == ["failed", "done", "done"]
        assert json.loads(store.audit(victim)["error"]) == WORKER_STOPPED
        assert _pending_after_callbacks(runner) == 0
    finally:
        runner.shutdown()


def test_the_page_of_an_audit_whose_worker_stopped_offers_to_run_it_again(client, app):
    from ethiclens.web._jobs import WORKER_STOPPED
    from ethiclens.web._store import Store

    url = upload(client, make_frame(n=600).to_csv(index=False).encode()).headers["location"]
    audit_id = url.split("/")[2]
    store = Store(app.config.store)
    path = store.data(store.audit(audit_id)["data_id"])["path"]
    store.submit(audit_id, 0, _spec(path), "audit")
    store.fail(audit_id, WORKER_STOPPED)
    page = client.get(f"/audits/{audit_id}")
    assert page.status_code == 422
    assert 'id="run-again"' in page.text and 'id="fix-mapping"' not in page.text
    # run again as it was asked: no mapping screen showing the stop as the request's problem
    r = client.post(f"/audits/{audit_id}/reopen", data={"csrf": csrf_of(page.text)})
    assert r.status_code == 303 and r.headers["location"] == f"/audits/{audit_id}"
    assert wait_done(client, r.headers["location"]).status_code == 200
    assert store.audit(audit_id)["status"] == "done"
