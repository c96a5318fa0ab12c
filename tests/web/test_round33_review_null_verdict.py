"""Round 33 review of 7c0da7aa: a finished request whose stored verdict is NULL (the app writes
it with the result, in every version) was listed as DONE in the history (a FLAGGED audit), where
a verdict that is not JSON is listed as damaged and its pages are 410 (round 31)."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_finished_request_without_its_verdict_is_damaged(app, client, two_audits):
    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        db.execute("UPDATE audits SET verdict = NULL WHERE id = ?", (damaged,))
    history = client.get("/history")
    assert history.status_code == 200
    assert "damaged" in history.text and ">DONE<" not in history.text
    for url in (f"/audits/{damaged}", f"/diff?a={intact}&b={damaged}"):
        page = client.get(url)
        assert page.status_code == 410, url
        assert f"audit {damaged[:8]} is damaged: its stored verdict" in page.text
    assert client.get(f"/audits/{intact}").status_code == 200
