"""Round 26: the threshold view's lines and refusals printed thresholds with ``:g`` (six
digits): a typed 0.4999995 that the rows allow read 'at the audited threshold 0.5', and a
refusal's range of scores could read 'above 0.5 up to 0.5'. Thresholds print as the numbers
they are (the shortest text that reads back as each)."""

from __future__ import annotations

import re

import numpy as np
import pytest

pytest.importorskip("starlette")

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done  # noqa: E402


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&gt;", ">")


def _done(client, frame):
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="100")
    sent = client.post(url, data=form)
    return sent.headers["location"], wait_done(client, sent.headers["location"]).text


def _view(client, url, page, threshold):
    rev = re.search(r'id="threshold-form".*?name="rev" value="(\d+)"', page, re.S)[1]
    data = {"csrf": csrf_of(page), "rev": rev, "threshold": threshold}
    return client.post(url + "/thresholds", data=data)


def test_a_typed_threshold_is_printed_as_typed(client):
    frame = make_frame(1000)
    frame["pred"] = (frame["score"] >= 0.5).astype(int)  # scores have 4 places
    url, page = _done(client, frame)
    r = _view(client, url, page, "0.4999995")
    assert r.status_code == 303, _text(r.text)[-600:]
    view = _text(wait_done(client, r.headers["location"]).text)
    assert "at the audited threshold 0.4999995;" in view, view  # was: 0.5


def test_a_refusal_s_range_is_printed_exactly(client):
    frame = make_frame(1000)
    frame["score"] = np.where(frame.index == 0, 0.12345671, frame["score"])
    frame["score"] = np.where(frame.index == 1, 0.12345674, frame["score"])
    frame["pred"] = (frame["score"] >= 0.12345672).astype(int)
    url, page = _done(client, frame)
    r = _view(client, url, page, "0.9")
    assert r.status_code == 422
    said = _text(r.text)
    assert "above 0.12345671 up to 0.12345674" in said, said  # was: above 0.123457 up to 0.123457
