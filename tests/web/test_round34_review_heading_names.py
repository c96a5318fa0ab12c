"""Round 34 review: a threshold view's refusal in the app's own words ("the audit's
predictions are not 'score >= t' ...") began its heading in lower case where the audit's file
was named by the first letters of it ("the", "th"): the file's name was taken as the name that
begins the problem, though only a file gone from the server begins it."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from .conftest import csrf_of, make_frame, mapping_form, rev_of, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _heading(page: str) -> str:
    return html.unescape(re.search(r"<h1>(.*?)</h1>", page, re.S)[1])


@pytest.mark.parametrize("name", ["the", "th"])
def test_a_file_named_like_the_app_s_first_word_leaves_its_capital(client, name):
    frame = make_frame(300)
    frame["score"] = np.random.default_rng(1).random(300).round(3)  # no one threshold
    url = upload(client, frame.to_csv(index=False).encode(), name).headers["location"]
    sent = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    page = wait_done(client, sent.headers["location"]).text
    form = {"csrf": csrf_of(page), "rev": rev_of(page), "threshold": ""}
    r = client.post(sent.headers["location"] + "/thresholds", data=form)
    assert r.status_code == 422
    assert _heading(r.text).startswith("The audit's predictions are not 'score >= t'")
