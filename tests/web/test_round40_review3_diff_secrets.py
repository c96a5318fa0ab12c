"""Review of 2e323238: the diff page masks each of the user's names alone, and takes every
string of both requests as a name. A request holding a database URL with a password, a libpq
password and short strings that stand inside them ('u', 'h', 'db', the password itself as a
group) never shows the password on the diff page."""

from __future__ import annotations

import json
import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

URL_A = "postgresql://u:sekretA1@h/db"
URL_B = "postgresql://u:sekretB2@h/db"


def _spec_of(app, audit_id: str, url: str, dsn: str) -> None:
    with sqlite3.connect(app.state.store.path) as db:
        (spec,) = db.execute("SELECT spec FROM audits WHERE id = ?", (audit_id,)).fetchone()
        spec = json.loads(spec)
        spec["target"] = {**(spec.get("target") or {}), "db": url, "note": dsn}
        spec["extra"] = ["u", "h", "db", "password=", "sekret", "u:", dsn.split()[0]]
        db.execute("UPDATE audits SET spec = ? WHERE id = ?", (json.dumps(spec), audit_id))


def test_the_diff_never_shows_a_password_of_the_requests(two_audits, app, client):
    new, old = two_audits
    _spec_of(app, old, URL_A, "host=h password=sekretC3 dbname=db")
    _spec_of(app, new, URL_B, "host=h password=sekretD4 dbname=db")
    page = client.get(f"/diff?a={old}&b={new}").text
    assert "postgresql://u:***@h/db" in page
    assert "password=***" in page
    for secret in ("sekretA1", "sekretB2", "sekretC3", "sekretD4"):
        assert secret not in page
