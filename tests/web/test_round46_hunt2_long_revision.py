"""Round 46 (second-wave web hunt): a mapping form whose hidden revision field was sent over
the form's 64 kB limit for a field was refused "the form has no revision field (the page's own
form sends one)": the field was sent, only left out for its length. It is now named as sent:
"the form's revision is 68.4 kB long, over this form's limit of 64 kB for a field" (400, as
any revision that is not the page's)."""

from __future__ import annotations

import re

from .conftest import make_frame, mapping_form, upload


def test_an_over_long_revision_is_named_as_sent_not_as_missing(client):
    draft = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(draft).text, protected=["3"], rev="1" * 70_000)
    r = client.post(draft, data=form)
    text = re.sub(r"\s+", " ", r.text).replace("&#39;", "'")
    assert r.status_code == 400
    assert "no revision field" not in text
    assert "The form's revision is 68.4 kB long, over this form's limit of 64 kB" in text
    assert client.app.state.store.counts() == {"draft": 1}  # nothing queued
