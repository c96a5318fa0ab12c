"""Round 33 review: a file's profile in the history (the columns the mapping screen proposes
from) that is not what the app wrote (edited or cut short since: not a list of columns, a
column without its counts) took the mapping screen down (500) on GET and POST, and "Change the
mapping and run again" (a new draft made, then 500). It is a damaged record (410 naming the
file and its profile), refused before a draft is made; a profile an older version wrote
(no group_numbers, missing, alone) is read, and another file's damaged profile only drops
it from model B's choices."""

from __future__ import annotations

import json
import sqlite3

import pytest

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

DAMAGED = [
    '{"columns": 5}',
    "null",
    "{}",
    '[{"name": "label"}]',
    '{"columns": [{"name": "label"}]}',
    '{"columns": [{"name": "x", "numeric": true, "distinct": "many", "values": [], '
    '"unit": false, "integer": false}]}',
    "not json",
]


def _set_profile(app, data_id, text):
    with sqlite3.connect(app.state.store.path) as db:
        db.execute("UPDATE data SET profile = ? WHERE id = ?", (text, data_id))


def _data_id(app, audit_id):
    with sqlite3.connect(app.state.store.path) as db:
        return db.execute("SELECT data_id FROM audits WHERE id = ?", (audit_id,)).fetchone()[0]


def _drafts(app):
    with sqlite3.connect(app.state.store.path) as db:
        return db.execute("SELECT count(*) FROM audits WHERE status = 'draft'").fetchone()[0]


@pytest.mark.parametrize("text", DAMAGED)
def test_a_damaged_profile_is_a_damaged_record_on_every_page(app, client, two_audits, text):
    audit = f"/audits/{two_audits[0]}"  # preds.csv (make_frame(300)) audited
    token = csrf_of(client.get(audit).text)
    draft = upload(client, make_frame(300, seed=1).to_csv(index=False).encode())
    draft = draft.headers["location"]
    draft_page = client.get(draft).text
    for url_ in (audit, draft):
        _set_profile(app, _data_id(app, url_.split("/")[2]), text)
    said = "preds.csv is damaged: its stored profile is not what the app wrote"
    get = client.get(draft)
    post = client.post(draft, data=mapping_form(draft_page, protected=["3"]))
    drafts = _drafts(app)
    again = client.post(f"{audit}/again", data={"csrf": token})
    for response in (get, post, again):
        assert response.status_code == 410, response.text[-600:]
        assert said in response.text
    assert _drafts(app) == drafts  # nothing made for a mapping screen it cannot draw
    assert client.get(audit).status_code == 200  # the finished audit stands


def test_an_older_profile_and_another_files_damage_are_read(app, client):
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    other = upload(client, make_frame(300, seed=1).to_csv(index=False).encode(), "b.csv")
    with sqlite3.connect(app.state.store.path) as db:
        data_id = _data_id(app, url.split("/")[2])
        sql = "SELECT profile FROM data WHERE id = ?"
        prof = json.loads(db.execute(sql, (data_id,)).fetchone()[0])
    for c in prof["columns"]:  # the first version's profile
        for key in ("group_numbers", "missing", "alone"):
            c.pop(key, None)
    _set_profile(app, data_id, json.dumps(prof))
    _set_profile(app, _data_id(app, other.headers["location"].split("/")[2]), "{}")
    page = client.get(url)
    assert page.status_code == 200
    assert "b.csv" not in page.text  # model B's choices skip a file it cannot read
    done = client.post(url, data=mapping_form(page.text, protected=["3"], n_boot="200"))
    assert wait_done(client, done.headers["location"]).status_code == 200


@pytest.mark.parametrize(
    ("column", "value"), [("path", None), ("path", ""), ("kind", "zzz"), ("size", "big")]
)
def test_a_damaged_data_row_is_a_damaged_record(app, client, column, value):
    """A file's row edited since (no path, a kind the app never writes, a size as text): the
    mapping screen, its POST and a threshold view were 500 (Path(None), str <= int), a file of
    an unknown kind was run without the data folder's checks."""
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    audit = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200"))
    audit = audit.headers["location"]
    token = mapping_form(wait_done(client, audit).text)["csrf"]
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE data SET {column} = ?", (value,))
    draft = upload(client, make_frame(300, seed=1).to_csv(index=False).encode(), "b.csv")
    draft = draft.headers["location"]
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(f"UPDATE data SET {column} = ?", (value,))
    responses = [
        client.get(draft),
        client.post(draft, data=mapping_form(page, protected=["3"])),
        client.post(f"{audit}/thresholds", data={"csrf": token, "threshold": "0.5"}),
    ]
    for response in responses:
        assert response.status_code == 410, response.text[-600:]
        assert f"is damaged: its stored {column} is not what the app wrote" in response.text
