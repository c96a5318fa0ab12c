"""Round 32 review: the history no longer catches every error of a listed row (round 32 checks
a record once as it is read), so two edited records took pages down: a fingerprint whose
files are of two types (the app writes checksums) failed /history as an internal error (500;
listed before), and a stored request nested deeper than the JSON parser goes failed the home
page too (500). The fingerprint is listed and diffed as the text it is; the request is a
damaged record (410 on its page, 'damaged' in the lists)."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _store(app, audit_id: str, column: str, value) -> None:
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE audits SET {column} = ? WHERE id = ?", (value, audit_id))


@pytest.mark.parametrize("fingerprint", ['{"files": {"a.csv": 1, "b.csv": "x"}}', "[" * 100_000, 5])
def test_an_edited_fingerprint_is_listed_and_diffed(app, client, two_audits, fingerprint):
    edited, intact = two_audits
    _store(app, edited, "fingerprint", fingerprint)
    history = client.get("/history")
    assert history.status_code == 200 and f"/audits/{edited}" in history.text
    diff = client.get(f"/diff?a={intact}&b={edited}")
    assert diff.status_code == 200 and "Different input data" in diff.text
    assert client.get(f"/audits/{edited}").status_code == 200


def test_a_request_nested_past_the_parser_is_a_damaged_record(app, client, two_audits):
    damaged, intact = two_audits
    _store(app, damaged, "spec", "[" * 100_000)
    for url in ("/", "/history"):
        page = client.get(url)
        assert page.status_code == 200 and "damaged" in page.text, url
    for url in (f"/audits/{damaged}", f"/diff?a={intact}&b={damaged}"):
        page = client.get(url)
        assert page.status_code == 410, url
        assert f"audit {damaged[:8]} is damaged: its stored spec" in page.text, url


@pytest.mark.parametrize("run", ["x", {"spec": 5}])
def test_a_result_whose_run_is_not_an_object_is_damaged_not_a_failed_diff(
    app, client, two_audits, run
):
    # the diff's baseline gate reads the result's run.spec: it was a 500 on the diff
    import json

    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        (text,) = db.execute("SELECT result FROM audits WHERE id = ?", (damaged,)).fetchone()
    _store(app, damaged, "result", json.dumps({**json.loads(text), "run": run}))
    for url in (f"/diff?a={intact}&b={damaged}", f"/audits/{damaged}"):
        page = client.get(url)
        assert page.status_code == 410, url
        assert f"audit {damaged[:8]} is damaged: its stored result" in page.text, url
