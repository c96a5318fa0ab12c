"""Round 46 (web): bin edges that leave out values of the file are refused at the mapping
form (422, by the attribute's Bins field, the run's words), not accepted and failed at run
time; edges that cover the data still run."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, mapping_form, upload


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize(
    ("edges", "low", "high"), [("50,60", "50", "60"), ("20,60", "20", "60"), ("0,10,20", "0", "20")]
)
def test_edges_that_leave_out_values_are_refused_at_the_form(app, client, edges, low, high):
    frame = make_frame(n=300)  # columns label, pred, score, group, age (4), constant
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["4"], bins_4=edges, n_boot="200"))
    assert r.status_code == 422, r.status_code
    shown = " ".join(_text(r.text).split())
    lo, hi = frame["age"].min(), frame["age"].max()
    assert (
        f"values outside the bin edges [{low}, {high}] (data range {lo} to {hi}). Fix: widen the "
        "first or last edge to cover the data"
    ) in shown
    audit_id = url.split("/")[2]
    assert app.state.store.audit(audit_id)["status"] == "draft"  # nothing was queued


def test_edges_that_cover_the_data_are_taken(client):
    url = upload(client, make_frame(n=300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["4"], bins_4="18,50,89", n_boot="200"))
    assert r.status_code == 303, _text(r.text)[-400:]
