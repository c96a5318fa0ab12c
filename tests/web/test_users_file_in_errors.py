"""A refusal of the uploaded data names the file as its user knows it (``loans.csv line 3``),
on the result page and in the stored error the mapping form shows, never the upload's random
name on the server."""

from __future__ import annotations

import re

from .conftest import make_frame, mapping_form, upload, wait_done


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_refused_audit_names_the_users_file(client):
    frame = make_frame(n=400)
    frame.loc[1, "group"] = "x" * 257  # data row 1: line 3 of the file
    r = upload(client, frame.to_csv(index=False).encode(), name="loans.csv")
    mapping = r.headers["location"]
    page = client.get(mapping).text
    protected = re.search(r'name="protected" value="(\d+)"[^>]*>\s*group', page)
    form = mapping_form(page, y_true="label", y_pred="pred", y_score="")
    form["protected"] = [protected.group(1)] if protected else form["protected"]
    r = client.post(mapping, data=form)
    assert r.status_code == 303, _text(r.text)[:500]
    result = _text(wait_done(client, r.headers["location"]).text)
    assert "first at loans.csv line 3" in result, result[:2000]
    again = _text(client.get(mapping).text)  # the stored error, shown above the form
    for shown in (result, again):
        assert not re.search(r"\b[0-9a-f]{24}\.csv", shown)
