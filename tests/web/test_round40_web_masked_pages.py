"""Round 40 (web): a group named like a database URL with its password
(``postgresql://u:secretpw@h/db``) was shown in full on the audit page's summary lines, while the
library's report framed on that same page showed it as ``postgresql://u:***@h/db``; a model
named so was shown in full in the history and on the diff page. Every page that only shows
(the audit, the history, a diff, the monitoring pages) masks a password as the report does; the
mapping screen, whose fields send the names back, is not such a page."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

URL = "postgresql://u:secretpw@h/db"
SHOWN = "postgresql://u:***@h/db"


def _renamed(app, audit_id: str) -> None:
    """The record of ``audit_id`` as if its group B and its model were named ``URL``."""
    with sqlite3.connect(app.state.store.path) as db:
        for column in ("result", "verdict"):
            db.execute(
                f"UPDATE audits SET {column} = replace({column}, '\"B\"', ?) WHERE id = ?",
                (f'"{URL}"', audit_id),
            )
        db.execute(
            "UPDATE audits SET spec = json_set(spec, '$.model.name', ?) WHERE id = ?",
            (URL, audit_id),
        )


def test_the_pages_that_show_mask_a_password(app, client, two_audits):
    renamed, other = two_audits
    _renamed(app, renamed)
    page = client.get(f"/audits/{renamed}")
    assert page.status_code == 200
    assert SHOWN in page.text  # the group is still named, its password masked
    for url in (f"/audits/{renamed}", "/history", f"/diff?a={other}&b={renamed}"):
        page = client.get(url)
        assert page.status_code == 200, url
        assert "secretpw" not in page.text, url


def test_the_data_the_downloads_hold_is_unchanged(app, client, two_audits):
    renamed, _ = two_audits
    _renamed(app, renamed)
    assert URL in client.get(f"/audits/{renamed}/download/json").text  # the data, as the CLI's


def test_the_apps_own_ids_and_tokens_are_never_masked(app, client, two_audits):
    """A server database's password remembered for masking (``--db postgresql://u:PW@h/db``)
    that happens to be part of an audit's id or of the page's form token: the links and the
    forms of the pages that mask still carry them whole (they are the app's, never a secret)."""
    from ethiclens._secrets import remember_url

    from .conftest import csrf_of

    audit_id, other = two_audits
    token = csrf_of(client.get(f"/audits/{audit_id}").text)
    remember_url(f"postgresql://u:{token[8:14]}@h/db")
    remember_url(f"postgresql://u:{audit_id[4:10]}@h/db")
    page = client.get(f"/audits/{audit_id}").text
    assert csrf_of(page) == token
    assert f'action="/audits/{audit_id}/thresholds"' in page
    assert f'href="/audits/{audit_id}"' in client.get("/history").text
