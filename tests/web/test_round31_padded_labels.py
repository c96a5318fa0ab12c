"""Round 31: a mapping form whose label and prediction are written ' yes'/' no' (a space
before each), sent with no positive label, was told to type the positive value in the field
Positive label value, which strips what is typed: the next submit was refused again ('does
not occur as written'), and only then told to change the file. The first refusal now gives
that final advice, naming every column that writes the positive value with whitespace."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _failed(client, frame):
    url = upload(client, frame.to_csv(index=False).encode(), "preds.csv").headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="200")
    r = client.post(url, data=form)
    assert r.status_code == 303
    return wait_done(client, r.headers["location"])


def _fix(page: str) -> str:
    return html.unescape(re.search(r'<p class="fix"><strong>Fix:</strong> (.*?)</p>', page)[1])


def test_labels_written_with_a_space_get_the_final_advice_first(client):
    frame = make_frame(300)
    for col in ("label", "pred"):
        frame[col] = frame[col].map({1: " yes", 0: " no"})
    page = _failed(client, frame)
    assert page.status_code == 422
    assert "Positive label value: the column" in html.unescape(re.sub("<[^>]+>", "", page.text))
    assert _fix(page.text) == (
        "strip the whitespace around the labels of 'pred', 'label' in the file; the field "
        "Positive label value cannot hold ' yes' (the form strips the whitespace around a "
        "value): change the file and upload it again"
    )
    reopened = client.post(
        page.url.path + "/reopen", data={"csrf": csrf_of(page.text)}, follow_redirects=True
    )  # "Fix the mapping": the same advice by the field
    said = html.unescape(re.search(r'id="error-pos_label"[^>]*>(.*?)</p>', reopened.text, re.S)[1])
    assert said.endswith("change the file and upload it again")


def test_only_the_prediction_written_with_a_space_is_named(client):
    frame = make_frame(300)
    frame["label"] = frame["label"].map({1: "yes", 0: "no"})
    frame["pred"] = frame["pred"].map({1: " yes", 0: " no"})
    page = _failed(client, frame)
    assert _fix(page.text) == (
        "strip the whitespace around the labels of 'pred' in the file; the field Positive "
        "label value cannot hold ' yes' (the form strips the whitespace around a value): "
        "change the file and upload it again"
    )


def test_a_negative_value_with_a_space_keeps_the_typed_advice(client):
    frame = make_frame(300)
    for col in ("label", "pred"):
        frame[col] = frame[col].map({1: "yes", 0: " no"})
    page = _failed(client, frame)
    assert _fix(page.text).startswith("type the value that means positive")
