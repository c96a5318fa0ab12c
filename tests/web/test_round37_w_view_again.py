""" "Change the mapping and run again" sent for a threshold view of an uploaded file (its page
draws no such button): refused in words about the view, not as a benchmark's fixed columns."""

from __future__ import annotations

import pytest

from .conftest import csrf_of, make_frame, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_again_of_a_threshold_view_names_the_view(app, client, monkeypatch):
    """Before: 409 "this audit has no mapping to fix: a benchmark's columns are fixed" for a
    view of an uploaded CSV. The view is the store's row of a finished one (its run takes
    seconds), over a real upload."""
    url = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    web = app.app.state.web
    draft = web.store.audit(url.split("/")[2])
    view = {**draft, "id": "ab" * 12, "status": "done", "purpose": "thresholds"}
    monkeypatch.setattr(web, "audit_or_none", lambda audit_id, *read: view)
    r = client.post(f"/audits/{view['id']}/again", data={"csrf": csrf_of(client.get("/").text)})
    assert r.status_code == 409
    assert "benchmark" not in r.text
    assert "A threshold view has no mapping of its own" in r.text
    assert 'href="/history"' in r.text
