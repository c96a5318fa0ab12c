"""Round 30: a refusal whose fix spells the positive label for the command line and Python
with whitespace around it ("--pos-label  yes on the command line, pos_label=' yes' in
Python") was shown so in the browser, whose field Positive label value is stripped: the
advice could not work there. The form now says to change the file and upload it again."""

from __future__ import annotations

import html
import io
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _post(client, content: bytes, name: str, **fields):
    url = upload(client, content, name).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200", **fields)
    return client.post(url, data=form)


def test_a_positive_label_written_with_a_space_is_refused_in_the_form_s_words(client):
    frame = make_frame(300)
    for col in ("label", "pred"):
        frame[col] = frame[col].map({1: " yes", 0: " no"})
    r = _post(client, frame.to_csv(index=False).encode(), "preds.csv", pos_label="yes")
    assert r.status_code == 422
    said = html.unescape(re.search(r'id="error-pos_label"[^>]*>(.*?)</p>', r.text, re.S)[1])
    assert "does not occur as written" in said
    assert "--pos-label" not in said and "on the command line" not in said
    assert "in Python" not in said
    assert said.endswith(
        "Fix: strip the whitespace around the labels of 'label' in the file; the field "
        "Positive label value cannot hold ' yes' (the form strips the whitespace around a "
        "value): change the file and upload it again"
    )


def test_text_0_1_written_with_a_space_is_refused_in_the_form_s_words(client):
    frame = make_frame(300)
    frame["label"] = frame["label"].map({1: " 1", 0: " 0"})
    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    r = _post(client, buffer.getvalue(), "preds.parquet")
    page = wait_done(client, r.headers["location"]).text
    fix = html.unescape(re.search(r'<p class="fix"><strong>Fix:</strong> (.*?)</p>', page)[1])
    assert fix == (  # round 49: the file's words, where the page said pandas code
        "store the column as integers 0 and 1 in the file (a number column, not text); "
        "the field Positive label value cannot hold ' 1' (the form strips the whitespace "
        "around a value): change the file and upload it again"
    )
