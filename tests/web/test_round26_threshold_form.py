"""Round 26: the threshold view's double-click guard knew a form by its audit and revision only,
so the page's form sent again with another threshold opened the first view unchecked: 'abc'
or a threshold the rows contradict came back 303 to a view marking another threshold (never
the 422 by its field). The same form is now its revision and its threshold."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done  # noqa: E402


def _done_audit(client) -> tuple[str, str]:
    frame = make_frame(n=1500)
    frame["pred"] = (frame["score"] >= 0.5).astype(int)
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200")
    sent = client.post(url, data=form)
    assert sent.status_code == 303
    return sent.headers["location"], wait_done(client, sent.headers["location"]).text


def _view_form(page: str, threshold: str) -> dict:
    rev = re.search(r'id="threshold-form".*?name="rev" value="(\d+)"', page, re.S)[1]
    return {"csrf": csrf_of(page), "rev": rev, "threshold": threshold}


def test_the_form_sent_again_with_another_threshold_is_checked_not_sent_to_the_first_view(client):
    url, page = _done_audit(client)
    first = client.post(url + "/thresholds", data=_view_form(page, ""))
    assert first.status_code == 303
    again = client.post(url + "/thresholds", data=_view_form(page, ""))  # a double click
    assert again.headers["location"] == first.headers["location"]
    for bad in ("abc", "0.7", "1.5"):  # each was a 303 to the first view (threshold 0.5)
        r = client.post(url + "/thresholds", data=_view_form(page, bad))
        assert r.status_code == 422, (bad, r.status_code, r.headers.get("location"))
        assert "The threshold the predictions used" in r.text
    # a threshold the rows allow, other than the one found: not the first view either
    other = client.post(url + "/thresholds", data=_view_form(page, "0.49995"))
    assert other.status_code == 409, other.status_code
    assert "already started a threshold view at another threshold" in other.text
    # the page drawn again asks for it
    fresh = client.post(url + "/thresholds", data=_view_form(client.get(url).text, "0.49995"))
    assert fresh.status_code == 303 and fresh.headers["location"] != first.headers["location"]
    views = [a for a in client.app.state.store.history() if a["purpose"] == "thresholds"]
    assert len(views) == 2
