"""Round 31: one history row whose stored JSON was edited or damaged since it was written
(a result that is not JSON, a spec that is a list, a verdict that is text) took the whole
/history page down (500) along with its own page and every diff naming it. The history lists
it as "damaged" beside the intact rows; its page and its diffs say the record is damaged
(410), naming what cannot be read."""

from __future__ import annotations

import sqlite3

import pytest

from tests.web.conftest import audit_of

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


_audit = audit_of  # what tests elsewhere import


@pytest.mark.parametrize(
    ("column", "text"),
    [("result", "not json"), ("spec", "[]"), ("verdict", "nope"), ("error", "[1]")],
)
def test_a_damaged_row_is_said_so_and_the_history_stands(app, client, two_audits, column, text):
    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE audits SET {column} = ? WHERE id = ?", (text, damaged))
    history = client.get("/history")
    assert history.status_code == 200
    assert f"/audits/{intact}" in history.text and f"/audits/{damaged}" in history.text
    assert ("damaged" in history.text) == (column in ("spec", "verdict"))  # what it reads
    for url in (f"/audits/{damaged}", f"/diff?a={intact}&b={damaged}"):
        page = client.get(url)
        assert page.status_code == 410, url
        assert f"audit {damaged[:8]} is damaged: its stored {column}" in page.text
    assert client.get(f"/audits/{intact}").status_code == 200


def test_a_damaged_fingerprint_is_listed_and_diffed(app, client, two_audits):
    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        db.execute("UPDATE audits SET fingerprint = '[' WHERE id = ?", (damaged,))
    assert client.get("/history").status_code == 200
    diff = client.get(f"/diff?a={intact}&b={damaged}")
    assert diff.status_code == 200 and "Different input data" in diff.text
