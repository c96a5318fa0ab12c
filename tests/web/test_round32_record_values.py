"""Round 32: a history row whose stored JSON is valid and of the right shape but holds wrong
inner values (a status that is not a status, a number as text, a missing inner key) reached a
page as if intact: its page showed 'nope' as a verdict, or failed as an internal error (its
config download: 500). The record is checked once when it is read (the library's report
schemas, the spec's own reading), so such a record is damaged (410, naming the column) on
every page that reads it; a real page bug on an intact record is no longer shown as
"damaged"."""

from __future__ import annotations

import json
import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _first(r):
    return r["comparisons"][0]


CASES = {
    "a status that is not one": ("result", lambda r: _first(r).update(status="nope")),
    "a number as text": (
        "result",
        lambda r: _first(r)["metrics"]["disparate_impact"].update(value="0.5"),
    ),
    "a missing inner key": ("result", lambda r: _first(r).pop("metrics")),
    "a count as text": ("verdict", lambda v: v["status_counts"].update(FLAGGED="1")),
    "a verdict not a status": ("verdict", lambda v: v["status_counts"].update(NOPE=1)),
    "a verdict's missing key": ("verdict", lambda v: v.pop("flagged")),
    "a spec value of another type": ("spec", lambda s: s["roles"].update(y_pred=5)),
    "a spec section of another type": ("spec", lambda s: s.update(model="x")),
    "a spec's list as text": ("spec", lambda s: s["roles"].update(y_pred="pred")),
}


def _tamper(app, audit_id: str, column: str, change) -> None:
    with sqlite3.connect(app.state.store.path) as db:
        (text,) = db.execute(f"SELECT {column} FROM audits WHERE id = ?", (audit_id,)).fetchone()
        value = json.loads(text)
        change(value)
        db.execute(f"UPDATE audits SET {column} = ? WHERE id = ?", (json.dumps(value), audit_id))


@pytest.mark.parametrize("case", list(CASES))
def test_wrong_inner_values_are_a_damaged_record(app, client, two_audits, case):
    column, change = CASES[case]
    damaged, intact = two_audits
    _tamper(app, damaged, column, change)
    said = f"audit {damaged[:8]} is damaged: its stored {column}"
    urls = [f"/audits/{damaged}"]
    urls += {"result": [f"/diff?a={intact}&b={damaged}", f"/audits/{damaged}/download/json"]}.get(
        column, []
    )
    urls += {"spec": [f"/audits/{damaged}/download/config"]}.get(column, [])
    for url in urls:
        page = client.get(url)
        assert page.status_code == 410, url
        assert said in page.text, url
    history = client.get("/history")
    assert history.status_code == 200
    assert ("damaged" in history.text) == (column in ("spec", "verdict"))
    assert client.get(f"/audits/{intact}").status_code == 200


def test_a_page_bug_on_an_intact_record_is_not_called_damaged(app, client, two_audits, monkeypatch):
    from ethiclens.web import _routes_audit, _routes_history

    audit, other = two_audits

    def bug(*args, **kwargs):
        raise KeyError("a bug of the page")

    monkeypatch.setattr(_routes_audit, "_plain_lines", bug)
    with pytest.raises(KeyError, match="a bug of the page"):
        client.get(f"/audits/{audit}")
    monkeypatch.setattr(_routes_history, "_diff_rows", bug)
    with pytest.raises(KeyError, match="a bug of the page"):
        client.get(f"/diff?a={audit}&b={other}")


@pytest.mark.parametrize(("column", "text"), [("status", "nope"), ("purpose", "nope")])
def test_a_state_or_kind_the_app_never_writes_is_damaged(app, client, two_audits, column, text):
    """A status 'nope' showed a page that refreshed for ever (200), a purpose 'nope' the
    result as an audit's."""
    damaged, intact = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE audits SET {column} = ? WHERE id = ?", (text, damaged))
    for url in (f"/audits/{damaged}", f"/diff?a={intact}&b={damaged}"):
        page = client.get(url)
        assert page.status_code == 410, url
        assert f"audit {damaged[:8]} is damaged: its stored {column}" in page.text
    history = client.get("/history")
    assert history.status_code == 200 and "damaged" in history.text
    assert client.get(f"/audits/{intact}").status_code == 200
