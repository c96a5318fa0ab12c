"""Round 30: an audit of an upload removed from the server since was refused on its page in
the command line's and config file's words ("target.file: file preds.csv does not exist. Fix:
check the path"); it is said in the page's words: no such file on this server any more,
upload it again."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_removed_upload_is_said_in_the_page_s_words(client, tmp_path):
    url = upload(client, make_frame(300).to_csv(index=False).encode(), "preds.csv")
    url = url.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200")
    (stored,) = (tmp_path / "data" / "uploads").glob("*.csv")
    stored.unlink()
    sent = client.post(url, data=form)
    page = wait_done(client, sent.headers["location"])
    assert page.status_code == 410
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.text)))
    assert "preds.csv does not exist on this server any more Fix: upload it again" in text, text
    assert "target.file" not in text and "check the path" not in text


def test_the_reopened_form_says_it_alike(client, tmp_path):
    url = upload(client, make_frame(300).to_csv(index=False).encode(), "preds.csv")
    url = url.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200")
    (stored,) = (tmp_path / "data" / "uploads").glob("*.csv")
    stored.unlink()
    sent = client.post(url, data=form)
    page = wait_done(client, sent.headers["location"]).text
    again = client.post(sent.headers["location"] + "/reopen", data={"csrf": csrf_of(page)})
    shown = client.get(again.headers["location"]).text
    said = html.unescape(re.search(r'id="error-form"[^>]*>(.*?)</p>', shown, re.S)[1])
    assert said.endswith("preds.csv does not exist on this server any more. Fix: upload it again")
