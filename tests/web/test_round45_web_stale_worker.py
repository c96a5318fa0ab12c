"""Round 45 (web): after a mistaken recovery (a live server taken for gone, its running audit
marked interrupted) and "Run it again", the old server's worker, still running, and the new
run shared one audit row: the old worker's next step took the new run's row back, and its
result (of the request as first asked) was stored over, or instead of, the new run's. Each
run now carries the revision it was queued at (Store.submit's), and a worker writes only the
row of its own run: a stale worker stops at its next step and stores nothing."""

from __future__ import annotations

import time

import pytest

from ethiclens.web import _jobs
from ethiclens.web._store import RECOVERED, Store

RESULT = {"result": "{}", "html": "<p>", "card": "c", "fingerprint": "f", "verdict": "ok"}


@pytest.fixture(params=["sqlite", "postgresql"])
def history(request, tmp_path):
    if request.param == "sqlite":
        return tmp_path / "h.sqlite"
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


def _run_again_after_a_mistaken_recovery(history) -> tuple[Store, str, int, int]:
    """(a store, the audit, the old run's revision, the new run's): the first run's worker
    started; recovery (by mistake) interrupted it; the audit was run again (reopen, submit)."""
    store = Store(history)
    audit_id = store.new_audit(None)
    old = store.submit(audit_id, 0, {"asked": "first"}, "audit")
    assert store.step(audit_id, "reading the data and computing the intervals", old)
    store._write(  # what Store.recover writes of a server taken for gone
        "UPDATE audits SET status = 'interrupted', step = ? WHERE id = ?", (RECOVERED, audit_id)
    )
    store.reopen(audit_id)
    new = store.submit(audit_id, store.audit(audit_id)["rev"], {"asked": "again"}, "audit")
    return store, audit_id, old, new


def test_a_stale_worker_writes_nothing_of_the_new_run(history):
    store, audit_id, old, new = _run_again_after_a_mistaken_recovery(history)
    assert not store.step(audit_id, "writing the report", old)
    store.finish(audit_id, **RESULT, rev=old)
    store.fail(audit_id, {"problem": "x"}, old)
    row = store.audit(audit_id)
    assert (row["status"], row["step"], row["result"]) == ("queued", "queued", None)
    # the new run's worker writes its own run
    assert store.step(audit_id, "writing the report", new)
    store.finish(audit_id, **{**RESULT, "result": '{"new": 1}'}, rev=new)
    row = store.audit(audit_id)
    assert (row["status"], row["result"]) == ("done", '{"new": 1}')
    # a result finished after a mistaken recovery, with no run again, is still kept (round 44)
    other = store.new_audit(None)
    rev = store.submit(other, 0, {}, "audit")
    store._write(
        "UPDATE audits SET status = 'interrupted', step = ? WHERE id = ?", (RECOVERED, other)
    )
    store.finish(other, **RESULT, rev=rev)
    assert store.audit(other)["status"] == "done"


def test_a_stale_run_job_stops_at_its_first_step(tmp_path):
    store, audit_id, old, _new = _run_again_after_a_mistaken_recovery(tmp_path / "h.sqlite")
    assert _jobs.run_job(
        str(tmp_path / "h.sqlite"), audit_id, {"target": {}}, "audit", None, old
    ) == ("interrupted")
    assert store.audit(audit_id)["status"] == "queued"


def test_the_web_hands_each_run_its_revision(client, monkeypatch):
    import time

    from tests.web.conftest import make_frame, mapping_form, upload

    handed = []
    monkeypatch.setattr(_jobs, "run_job", lambda *job: handed.append(job) or "done")
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    audit_id = r.headers["location"].rsplit("/", 1)[1]
    deadline = time.monotonic() + 1
    while not handed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert handed[0][1] == audit_id
    assert handed[0][5] == client.app.state.store.audit(audit_id)["rev"] == 1


def test_a_stale_workers_crash_does_not_fail_the_new_run(tmp_path, monkeypatch):
    """The old run's worker fails (an exception out of the pool) after the audit was queued
    again on the same server: its pool's WORKER_STOPPED names the old run's revision."""
    import threading

    from ethiclens.web._jobs import Runner

    path = tmp_path / "h.sqlite"
    store, audit_id, old, new = _run_again_after_a_mistaken_recovery(path)
    release, crashed = threading.Event(), threading.Event()

    def worker(_path, _audit, _spec, _purpose, _title, rev):
        if rev == old:
            release.wait(2)
            raise RuntimeError("the old worker died")
        crashed.wait(2)  # the new run still runs when the old worker's failure is stored
        return "done"

    monkeypatch.setattr(_jobs, "run_job", worker)
    runner = Runner(str(path), workers=2, kind="thread")
    first = runner.submit(audit_id, {}, "audit", None, old)
    second = runner.submit(audit_id, {}, "audit", None, new)
    first.add_done_callback(lambda _f: crashed.set())  # after the runner's own callback
    release.set()
    second.result(2)
    assert crashed.is_set()
    runner.shutdown()
    assert store.audit(audit_id)["status"] == "queued"  # the new run's, not 'failed'


def test_the_old_runs_end_leaves_the_new_run_to_be_interrupted_at_shutdown(tmp_path, monkeypatch):
    """The old run ends first: the runner still holds the new one, so a stop marks it
    interrupted (the runner forgot the audit with the old run: it stayed 'running')."""
    import threading

    from ethiclens.web._jobs import Runner

    path = tmp_path / "h.sqlite"
    store, audit_id, old, new = _run_again_after_a_mistaken_recovery(path)
    release, queued_again = threading.Event(), threading.Event()

    def worker(_path, _audit, _spec, _purpose, _title, rev):
        (release if rev == new else queued_again).wait(2)
        return "interrupted"

    monkeypatch.setattr(_jobs, "run_job", worker)
    runner = Runner(str(path), workers=2, kind="thread")
    first = runner.submit(audit_id, {}, "audit", None, old)
    second = runner.submit(audit_id, {}, "audit", None, new)
    queued_again.set()  # the old run ends once the new one is the runner's
    first.result(2)
    deadline = time.monotonic() + 1
    while runner.pending > 1 and time.monotonic() < deadline:  # the old run's callback ran
        time.sleep(0.01)
    runner.shutdown()
    release.set()
    second.result(2)
    assert store.audit(audit_id)["status"] == "interrupted"
