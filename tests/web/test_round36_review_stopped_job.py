"""Round 36 review of 8034655f: an audit its server stopped (interrupted) is not run on by its
thread: no data read, no report drawn, nothing stored; one not stopped is stored as before."""

from __future__ import annotations

import threading

import pytest


class _Result:
    """What a run returns, as far as run_job reads it (its notes too, since 466e3587)."""

    missing_code_notes: dict = {}
    look_alike_notes: list = []  # since c16e5da8

    def to_json(self) -> str:
        return '{"summary": {"status_counts": {"OK": 1}}}'


@pytest.fixture
def job(tmp_path, monkeypatch):
    """(store path, store, calls): the library's run and the report replaced by recorders."""
    import ethiclens.spec
    from ethiclens.web import _jobs
    from ethiclens.web._store import Store

    calls = {"run": [], "render": [], "hook": lambda audit_id: None}

    def run(spec):
        calls["run"].append(spec)
        calls["hook"](spec)
        return _Result()

    def render(result, purpose, title):
        calls["render"].append(purpose)
        return "<html>report</html>", "card"

    monkeypatch.setattr(ethiclens.spec.AuditSpec, "from_dict", staticmethod(lambda d: d))
    monkeypatch.setattr(ethiclens.spec, "run_audit", run)
    monkeypatch.setattr(_jobs, "_render", render)
    path = str(tmp_path / "h.sqlite")
    store = Store(path)
    yield path, store, calls
    store.close()


SPEC = {"target": {"dataset": "compas"}}


def test_an_audit_not_stopped_is_stored_as_before(job):
    from ethiclens.web._jobs import run_job

    path, store, calls = job
    audit_id = store.new_request(None, SPEC, "audit")
    assert run_job(path, audit_id, SPEC, "audit") == "done"
    row = store.audit(audit_id)
    assert (row["status"], row["step"], row["html"], row["card"]) == (
        "done",
        "done",
        "<html>report</html>",
        "card",
    )
    assert row["result"] == _Result().to_json() and row["finished"] and row["error"] is None
    assert calls["run"] == [SPEC] and calls["render"] == ["audit"]


def test_an_audit_interrupted_before_its_worker_starts_is_not_run(job):
    from ethiclens.web._jobs import run_job

    path, store, calls = job
    audit_id = store.new_request(None, SPEC, "audit")
    assert store.interrupt([audit_id]) == 1
    assert run_job(path, audit_id, SPEC, "audit") == "interrupted"
    assert calls["run"] == [] and calls["render"] == []
    row = store.audit(audit_id)
    assert (row["status"], row["step"], row["result"], row["html"]) == (
        "interrupted",
        "interrupted",
        None,
        None,
    )


def test_a_thread_of_a_stopped_server_draws_no_report(job):
    """Runner(kind='thread'): shutdown marks the running audit interrupted; its thread, which
    cannot be killed, stops at its next step instead of drawing the report."""
    from ethiclens.web._jobs import Runner

    path, store, calls = job
    started, go_on = threading.Event(), threading.Event()

    def hold(spec):
        started.set()
        assert go_on.wait(30)

    calls["hook"] = hold
    runner = Runner(path, workers=1, kind="thread")
    audit_id = store.new_request(None, SPEC, "audit")
    future = runner.submit(audit_id, SPEC, "audit")
    assert started.wait(30)
    runner.shutdown()  # the server stops while the audit runs
    assert store.audit(audit_id)["status"] == "interrupted"
    go_on.set()
    assert future.result(timeout=30) == "interrupted"
    assert calls["render"] == []
    row = store.audit(audit_id)
    assert (row["status"], row["step"], row["result"], row["html"], row["error"]) == (
        "interrupted",
        "interrupted",
        None,
        None,
        None,
    )
