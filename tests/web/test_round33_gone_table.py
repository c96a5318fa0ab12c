"""Round 33: the joined table of a two-upload comparison removed from the server since (a
cleanup of the uploads folder) made its download an internal error (500: Starlette's "File at
path ... does not exist", on GET and HEAD); it is now 410 naming the table as the user knows
it, with the fix: run the comparison again from its mapping screen, which joins the two
files anew; a run that misses it says so too."""

from __future__ import annotations

import html
import os
import re
import sqlite3

import pytest

from .conftest import mapping_form, upload, wait_done
from .test_two_uploads import _frames, _upload_b

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_removed_joined_table_is_gone_not_an_internal_error(app, client):
    a, b = _frames()
    audit = upload(client, a.to_csv(index=False).encode(), "model-a.csv").headers["location"]
    audit = audit.split("/")[2]
    page = client.get(_upload_b(client, audit, b.to_csv(index=False).encode()).headers["location"])
    r = client.post(f"/audits/{audit}/mapping", data=mapping_form(page.text, n_boot="200"))
    url = r.headers["location"]
    wait_done(client, url)
    assert client.get(f"{url}/download/table").status_code == 200
    with sqlite3.connect(app.state.store.path) as db:
        (path,) = db.execute("SELECT path FROM data WHERE kind = 'joined'").fetchone()
    os.unlink(path)
    for method in (client.get, client.head):
        gone = method(f"{url}/download/table")
        assert gone.status_code == 410, method
    text = html.unescape(client.get(f"{url}/download/table").text)
    assert "odel-a-vs-model-b.csv does not exist on this server any more" in text  # M, as a title
    assert "joined anew" in text and path not in text
    assert client.get(f"{url}/download/config").status_code == 200  # the rest stays


def test_a_run_missing_its_joined_table_says_it_in_the_pages_words(app, client):
    """An interrupted comparison run again after its joined table was removed failed with the
    config's words ('target.file: file model-a-vs-model-b.csv does not exist. Fix: check the
    path', 422); its uploads are there, so its mapping screen joins them anew."""
    a, b = _frames()
    audit = upload(client, a.to_csv(index=False).encode(), "model-a.csv").headers["location"]
    audit = audit.split("/")[2]
    page = client.get(_upload_b(client, audit, b.to_csv(index=False).encode()).headers["location"])
    url = client.post(
        f"/audits/{audit}/mapping", data=mapping_form(page.text, n_boot="200")
    ).headers["location"]
    wait_done(client, url)
    with sqlite3.connect(app.state.store.path) as db:
        (path,) = db.execute("SELECT path FROM data WHERE kind = 'joined'").fetchone()
        db.execute("UPDATE audits SET status = 'interrupted' WHERE id = ?", (url.split("/")[2],))
    os.unlink(path)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get(url).text).group(1)
    failed = wait_done(
        client, client.post(f"{url}/reopen", data={"csrf": token}).headers["location"]
    )
    assert failed.status_code == 410
    text = html.unescape(failed.text)
    assert "model-a-vs-model-b.csv does not exist on this server any more" in text, text
    assert "joined anew" in text and "check the path" not in text
