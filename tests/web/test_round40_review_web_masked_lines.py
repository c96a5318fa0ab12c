"""Round 40 review of 69fc210d (web masking): the pages that only show masked each WHOLE
value, and a line the app writes around a group's name is one value, so a password pattern ran
past the user's text into the app's own words: a group 'password=' read 'group: password= ***
A' on the audit page (its 'vs' eaten) and in the FLAGGED sentence, an attribute 'token=a' read
'token=*** B' on the diff page (its ':' eaten). Each piece of user text is masked alone now; a
password in a name is still never shown."""

from __future__ import annotations

import re
import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _renamed(app, audit_id: str, old: str, new: str) -> None:
    with sqlite3.connect(app.state.store.path) as db:
        for column in ("result", "verdict"):
            db.execute(
                f"UPDATE audits SET {column} = replace({column}, ?, ?) WHERE id = ?",
                (old, new, audit_id),
            )


def _lines(page: str) -> list[str]:
    """What each summary line names (up to the ': ' before its reason)."""
    lines = re.findall(r'<li><span class="status[^>]*>[^<]*</span> ([^<]*)</li>', page)
    return [line.split(" vs A: ")[0] + " vs A" for line in lines]


def test_a_group_named_password_keeps_the_words_after_it(app, client, two_audits):
    audit_id, _ = two_audits
    _renamed(app, audit_id, '"B"', '"password="')
    page = client.get(f"/audits/{audit_id}").text
    assert "group: password= vs A" in _lines(page)
    assert "group:password= vs A (disadvantaged: password=)" in page  # the FLAGGED sentence
    assert "password= ***" not in page


def test_a_password_in_a_group_is_still_masked_on_every_line(app, client, two_audits):
    audit_id, _ = two_audits
    _renamed(app, audit_id, '"B"', '"postgresql://u:secretpw@h/db"')
    page = client.get(f"/audits/{audit_id}").text
    assert "group: postgresql://u:***@h/db vs A" in _lines(page)
    assert "group:postgresql://u:***@h/db vs A" in page
    assert "secretpw" not in page


def test_the_diff_keeps_the_colon_after_a_masked_attribute(app, client, two_audits):
    new, old = two_audits
    for spelled in ('"attribute": "group"', '"attribute":"group"'):
        for audit_id in (new, old):
            _renamed(app, audit_id, spelled, spelled.replace('"group"', '"token=a"'))
    page = client.get(f"/diff?a={old}&b={new}").text
    assert "<td>token=***: B</td>" in page
    assert "<td>token=*** B</td>" not in page


def test_a_name_that_starts_like_a_plot_is_still_masked(app, client, two_audits):
    """570f54c4 kept every value starting 'data:image/' whole, for the monitor's plots: a
    model named 'data:image/ postgresql://u:secretpw@h/db' was shown in the history in full."""
    audit_id, _ = two_audits
    name = "data:image/ postgresql://u:secretpw@h/db"
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(
            "UPDATE audits SET spec = json_set(spec, '$.model.name', ?) WHERE id = ?",
            (name, audit_id),
        )
    page = client.get("/history").text
    assert "data:image/ postgresql://u:***@h/db" in page
    assert "secretpw" not in page


def test_the_home_pages_recent_audits_mask_as_the_history_does(app, client, two_audits):
    """The home page's list of recent audits showed a data name's password in full while the
    history page (69fc210d) masked it."""
    with sqlite3.connect(app.state.store.path) as db:
        db.execute("UPDATE data SET name = ?", ("postgresql://u:secretpw@h/db.csv",))
    for url in ("/", "/history"):
        page = client.get(url).text
        assert "postgresql://u:***@h/db.csv" in page, url
        assert "secretpw" not in page, url
