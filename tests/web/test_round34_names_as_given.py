"""Round 34: an error page's heading wrote the first letter of its problem as a capital, so
a user's name that leads it read otherwise than given ("Model-a-vs-model-b.csv does not exist
on this server any more", "Élan.csv ...", an upload named "data": "Data does not exist ...").
A name is shown exactly as given; the app's own words still begin with a capital."""

from __future__ import annotations

import html
import os
import re
import sqlite3

import pytest

from .conftest import csrf_of, make_frame, mapping_form, rev_of, upload, wait_done
from .test_two_uploads import _frames, _upload_b

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _heading(page: str) -> str:
    return html.unescape(re.search(r"<h1>(.*?)</h1>", page, re.S)[1])


@pytest.mark.parametrize("name", ["data", "élan.csv", "i data.csv", "model-a-vs-model-b.csv"])
def test_a_gone_upload_s_name_leads_the_heading_as_given(client, tmp_path, name):
    url = upload(client, make_frame(300).to_csv(index=False).encode(), name)
    url = url.headers["location"]
    sent = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    page = wait_done(client, sent.headers["location"]).text
    for stored in (tmp_path / "data" / "uploads").iterdir():
        stored.unlink()
    form = {"csrf": csrf_of(page), "rev": rev_of(page), "threshold": ""}
    r = client.post(sent.headers["location"] + "/thresholds", data=form)
    assert r.status_code == 422
    assert _heading(r.text) == f"{name} does not exist on this server any more"


def test_a_gone_joined_table_is_named_as_given(app, client):
    a, b = _frames()
    audit = upload(client, a.to_csv(index=False).encode(), "model-a.csv").headers["location"]
    audit = audit.split("/")[2]
    page = client.get(_upload_b(client, audit, b.to_csv(index=False).encode()).headers["location"])
    r = client.post(f"/audits/{audit}/mapping", data=mapping_form(page.text, n_boot="200"))
    url = r.headers["location"]
    wait_done(client, url)
    with sqlite3.connect(app.state.store.path) as db:
        (path,) = db.execute("SELECT path FROM data WHERE kind = 'joined'").fetchone()
    os.unlink(path)
    said = _heading(client.get(f"{url}/download/table").text)
    assert said == "model-a-vs-model-b.csv does not exist on this server any more"


def test_the_app_s_own_words_still_begin_with_a_capital(client):
    assert _heading(client.get("/audits/" + "0" * 24).text) == "No audit with this id"
    assert _heading(client.get("/nosuch").text) == "No such page"
