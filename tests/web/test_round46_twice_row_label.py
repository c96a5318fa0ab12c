"""Round 46 (review of a37a86aa, its sibling): a mapping form whose column row field was sent
twice (ref_3=A&ref_3=B, bins_4 twice) was refused 400 by its form key ('Field: ref_3'), where
the other fields are now named by their words on the page. Each is now named by its row's
words ('Field: Reference group of group', 'Field: Bin edges of age'); a key that is no row's
(ref_99, a 5,000-digit index) keeps its key; nothing queued."""

from __future__ import annotations

import re

import pytest

from .conftest import make_frame, mapping_form, upload


@pytest.mark.parametrize(
    "field, label",
    [
        ("ref_3", "Reference group of group"),
        ("bins_4", "Bin edges of age"),
        ("ref_99", "ref_99"),
        ("ref_" + "9" * 5000, "ref_999"),
    ],
)
def test_a_row_field_sent_twice_is_named_by_its_row(client, field, label):
    draft = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(draft).text, protected=["3"], **{field: ["A", "B"]})
    r = client.post(draft, data=form)
    text = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", r.text))
    assert r.status_code == 400, text[-300:]
    assert f"Field: {label}" in text, text[:800]
    assert client.app.state.store.counts() == {"draft": 1}
