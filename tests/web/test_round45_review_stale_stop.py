"""Round 45 review (web, after f1d2c31d..71e9dc92): a server stopping (SIGTERM) marked
interrupted every audit its pool held, by id alone. After a mistaken recovery (this server
taken for gone, its running audit interrupted) and "Run it again" on another server, the old
server still held its stale run of the audit: its stop interrupted the other server's new,
running, run (its result then never stored: lost work). A stop now interrupts only its own
runs (audit and revision); and a broken pool hands on only a run that is still the audit's."""

from __future__ import annotations

import threading

from ethiclens.web import _jobs
from ethiclens.web._jobs import Runner
from tests.web.test_round45_web_stale_worker import _run_again_after_a_mistaken_recovery


def test_a_stale_runs_stop_leaves_the_new_run_of_another_server_alone(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite"
    store, audit_id, old, new = _run_again_after_a_mistaken_recovery(path)
    release = threading.Event()
    monkeypatch.setattr(_jobs, "run_job", lambda *_job: release.wait(2) and "interrupted")
    stale = Runner(str(path), workers=1, kind="thread")  # the server taken for gone
    first = stale.submit(audit_id, {}, "audit", None, old)
    assert store.step(audit_id, "reading the data and computing the intervals", new)
    stale.shutdown()  # the old server stops while the other server runs the audit again
    release.set()
    first.result(2)
    row = store.audit(audit_id)
    assert (row["status"], row["rev"]) == ("running", new)
    # its own run is still stopped by it
    own = Runner(str(path), workers=1, kind="thread")
    release.clear()
    job = own.submit(audit_id, {}, "audit", None, new)
    own.shutdown()
    release.set()
    job.result(2)
    assert store.audit(audit_id)["status"] == "interrupted"


def test_a_broken_pool_does_not_hand_on_a_stale_run(tmp_path):
    """The stale run's pool broke (not on its worker): the job the runner holds is the new
    run's, which is not handed to the fresh pool a second time for it."""
    path = tmp_path / "h.sqlite"
    _store, audit_id, old, new = _run_again_after_a_mistaken_recovery(path)
    runner = Runner(str(path), workers=1, kind="thread")
    runner._jobs[audit_id] = ({}, "audit", None, new)
    handed = []
    runner._hand = lambda audit: handed.append(audit)
    assert not runner._again(audit_id, old)
    assert runner._again(audit_id, new) and handed == [audit_id]
