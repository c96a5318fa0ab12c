"""Round 26: the mapping screen's draws field showed 2000 as its default, which a comparison
(model B chosen) does not use: left empty, a comparison runs 1000 (the spec's default for it).
The field's help says both."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import make_frame, mapping_form, upload, wait_done  # noqa: E402


def test_the_draws_help_says_each_default_and_a_comparison_uses_its_own(client):
    frame = make_frame(600)
    frame["pred2"] = 1 - frame["pred"]
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    help_text = re.search(r'<p class="help" id="help_n_boot">(.*?)</p>', page)[1]
    assert "Empty: 2000 for one model, 1000 when model B is compared." in help_text
    form = mapping_form(page, protected=["3"], bins_4="", y_score="", y_pred_b="pred2")
    sent = client.post(url, data={**form, "n_boot": ""})
    done = sent.headers["location"]
    wait_done(client, done)
    assert client.get(done + "/download/json").json()["config"]["n_boot"] == 1000
