"""Round 31: one history row whose stored JSON was edited or damaged since it was written
(a result that is not JSON, a spec that is a list, a verdict that is text) took the whole
/history page down (500) along with its own page and every diff naming it. The history lists
it as "damaged" beside the intact rows; its page and its diffs say the record is damaged
(410), naming what cannot be read."""

from __future__ import annotations

import sqlite3

import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _audit(client, seed: int) -> str:
    url = upload(client, make_frame(300, seed=seed).to_csv(index=False).encode()).headers[
        "location"
    ]
    r = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    wait_done(client, r.headers["location"])
    return r.headers["location"].rsplit("/", 1)[1]


@pytest.mark.parametrize(
    ("column", "text"),
    [("result", "not json"), ("spec", "[]"), ("verdict", "nope"), ("error", "[1]")],
)
def test_a_damaged_row_is_said_so_and_the_history_stands(app, client, column, text):
    damaged, intact = _audit(client, 0), _audit(client, 1)
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


def test_a_damaged_fingerprint_is_listed_and_diffed(app, client):
    damaged, intact = _audit(client, 0), _audit(client, 1)
    with sqlite3.connect(app.state.store.path) as db:
        db.execute("UPDATE audits SET fingerprint = '[' WHERE id = ?", (damaged,))
    assert client.get("/history").status_code == 200
    diff = client.get(f"/diff?a={intact}&b={damaged}")
    assert diff.status_code == 200 and "Different input data" in diff.text
