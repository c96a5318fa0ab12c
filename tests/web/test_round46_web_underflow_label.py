"""Round 46 (web): a positive label or reference group typed as a nonzero number that a
double rounds to 0 ('1e-400') was read as 0: the audit ran with label 0 positive (its verdict
reversed, the disadvantaged group the other one) and group 0 the reference, where the
command line keeps the text and refuses it ('pos_label does not occur in the column').
It is now kept as typed, and refused by its field (422), as 1e400 is."""

from __future__ import annotations

import pytest

from tests.web.conftest import make_frame, mapping_form, upload


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("pos_label", "pos_label does not occur in the column"),
        ("ref_6", "unknown reference group of 'grp' (value: '1e-400')"),
    ],
)
def test_a_label_or_group_that_underflows_is_refused_not_read_as_0(app, client, field, words):
    frame = make_frame(n=200)
    frame["grp"] = frame.index % 2  # column 6: groups 0 and 1
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["6"], n_boot="200", **{field: "1e-400"})
    r = client.post(url, data=form)
    assert r.status_code == 422, r.status_code
    assert words in r.text.replace("&#39;", "'")
    assert app.state.store.audit(url.split("/")[2])["status"] == "draft"
