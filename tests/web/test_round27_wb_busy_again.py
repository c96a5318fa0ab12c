"""Round 27: a request a full queue refused (503) is stored failed with nothing in it to fix:
its page offers "Run it again" (as asked: a benchmark's settings kept), as for a worker that
stopped, not "Fix the mapping" (nor only "Start again" for a benchmark), and the 503 page
links to it; the same form sent again is a page drawn before (409)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done  # noqa: E402


def _full_queue(client, monkeypatch):
    from ethiclens.web._jobs import Busy

    def full(*args, **kwargs):
        raise Busy

    monkeypatch.setattr(client.app.state.runner, "submit", full)


def test_a_file_audit_refused_by_a_full_queue_runs_again_as_asked(client, monkeypatch):
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    audit = url.removesuffix("/mapping")
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="100")
    _full_queue(client, monkeypatch)
    r = client.post(url, data=form)
    assert r.status_code == 503 and f'href="{audit}"' in r.text
    page = client.get(audit)
    assert page.status_code == 503
    assert 'id="run-again"' in page.text and 'id="fix-mapping"' not in page.text
    monkeypatch.undo()  # the queue has room again
    r = client.post(audit + "/reopen", data={"csrf": csrf_of(page.text)})
    assert r.status_code == 303 and r.headers["location"] == audit
    assert re.search(r'id="verdict-word">FLAGGED<', wait_done(client, audit).text)


def test_a_benchmark_refused_by_a_full_queue_runs_again_with_its_settings(client, monkeypatch):
    home = client.get("/").text
    _full_queue(client, monkeypatch)
    form = {"csrf": csrf_of(home), "dataset": "german", "n_boot": "300"}
    r = client.post("/benchmark", data=form)
    assert r.status_code == 503
    audit = re.search(r'href="(/audits/[0-9a-f]{24})"', r.text)[1]
    page = client.get(audit)
    assert 'id="run-again"' in page.text
    monkeypatch.undo()
    r = client.post(audit + "/reopen", data={"csrf": csrf_of(page.text)})
    assert r.status_code == 303 and r.headers["location"] == audit
    done = wait_done(client, audit)
    assert done.status_code == 200
    assert '"n_boot": 300' in client.get(audit + "/download/json").text
