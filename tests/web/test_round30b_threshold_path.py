"""Round 30: the threshold view of an audit whose uploaded file is gone from the server was
refused with the upload's full server path ("file /srv/data/uploads/<id>.csv does not exist");
the page names the file by its user's name."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, rev_of, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_gone_upload_is_named_by_its_user_s_name(client, tmp_path):
    url = upload(client, make_frame(300).to_csv(index=False).encode(), "preds.csv")
    url = url.headers["location"]
    sent = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    page = wait_done(client, sent.headers["location"]).text
    (stored,) = (tmp_path / "data" / "uploads").glob("*.csv")
    stored.unlink()
    form = {"csrf": csrf_of(page), "rev": rev_of(page), "threshold": ""}
    r = client.post(sent.headers["location"] + "/thresholds", data=form)
    assert r.status_code == 422
    assert str(tmp_path) not in r.text and stored.name not in r.text
    said = html.unescape(re.search(r"<h1>(.*?)</h1>", r.text, re.S)[1])
    assert said == "preds.csv does not exist on this server any more", said
    assert "Fix:</strong> upload it again" in r.text
