"""Round 33: a finished request whose stored request, result or report is NULL in the history
(a row edited or cut short since it was written) failed as an internal error (500) on its page,
its diffs, its config download, its threshold view and its PDF (an empty report page), where a
request or result that is not JSON is a damaged record (410, round 31). A finished request
always has all three: NULL is damage too."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("column", ["result", "spec", "html"])
def test_a_finished_request_without_its_request_or_result_is_damaged(
    app, client, two_audits, column
):
    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE audits SET {column} = NULL WHERE id = ?", (damaged,))
    said = f"audit {damaged[:8]} is damaged: its stored {column}"
    urls = [f"/diff?a={intact}&b={damaged}", f"/diff?a={damaged}&b={intact}"]
    urls += {
        "result": [f"/audits/{damaged}", f"/audits/{damaged}/download/json"],
        "spec": [f"/audits/{damaged}/download/config"],
        "html": [f"/audits/{damaged}/download/pdf", f"/audits/{damaged}/report"],
    }[column]
    for url in urls:
        page = client.get(url)
        assert page.status_code == 410, url
        assert said in page.text, url
    history = client.get("/history")
    assert history.status_code == 200
    assert ("damaged" in history.text) == (column == "spec")  # what the list reads
    assert client.get(f"/audits/{intact}").status_code == 200
