"""Round 32 review: a failed request an older version of the app stored (2026-12-02: a form's
'Positive label value' nan was sent as NaN; the run refused it and stored its error) showed as
a failed audit with its error; round 32's record check (the library's reading of the request,
NaN refused as JSON the app never writes) called it damaged: 'damaged' in the history, 410 on
its page. A request that did not finish is checked for what the pages read of it (its
sections objects, its predictions a list); a finished one is read by the library as before."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from tests.web.conftest import csrf_of

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ERROR = {
    "problem": "must be one label: a string, number or boolean",
    "column": "pos_label",
    "fix": "give the single value of the labels that is positive, e.g. pos_label=1",
    "value": "nan",
}


def _failed(app, audit_id: str, change) -> None:
    """The audit as the older app stored its failed run of a request ``change``d."""
    with sqlite3.connect(app.state.store.path) as db:
        (text,) = db.execute("SELECT spec FROM audits WHERE id = ?", (audit_id,)).fetchone()
        spec = json.loads(text)
        change(spec)
        db.execute(
            "UPDATE audits SET status = 'failed', step = 'failed', result = NULL, html = NULL, "
            "card = NULL, verdict = NULL, fingerprint = NULL, spec = ?, error = ? WHERE id = ?",
            (json.dumps(spec), json.dumps(ERROR), audit_id),
        )


def test_an_older_failed_request_with_nan_is_a_failed_audit_not_damaged(app, client, two_audits):
    audit = two_audits[0]
    _failed(app, audit, lambda s: s["roles"].update(pos_label=float("nan")))
    history = client.get("/history")
    assert history.status_code == 200 and "damaged" not in history.text
    assert re.search(rf'/audits/{audit}".*?failed', history.text, re.S)
    page = client.get(f"/audits/{audit}")
    assert page.status_code == 422 and "must be one label" in page.text
    r = client.post(f"/audits/{audit}/reopen", data={"csrf": csrf_of(page.text)})
    assert r.status_code == 303 and r.headers["location"] == f"/audits/{audit}/mapping"
    assert client.get(f"/audits/{audit}/mapping").status_code == 422


@pytest.mark.parametrize(
    "change",
    [lambda s: s.update(roles="x"), lambda s: s["roles"].update(y_pred="pred")],
    ids=["roles as text", "predictions as text"],
)
def test_a_failed_request_of_another_shape_is_still_damaged(app, client, two_audits, change):
    audit = two_audits[0]
    _failed(app, audit, change)
    assert "damaged" in client.get("/history").text
    page = client.get(f"/audits/{audit}")
    assert page.status_code == 410 and f"audit {audit[:8]} is damaged: its stored spec" in page.text
