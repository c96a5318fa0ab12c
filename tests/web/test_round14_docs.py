"""Round 14: docs/web.md lists, for a comparison of two models, the downloads its result page
offers (it listed a PDF and a model card that a comparison never has)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.conftest import make_frame, mapping_form, upload, wait_done

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def test_a_comparisons_downloads_are_the_ones_docs_web_md_lists(client):
    frame = make_frame(n=1500)
    frame["pred_b"] = 1 - frame["pred"]
    r = upload(client, frame.to_csv(index=False).encode())
    url = r.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], y_pred_b="pred_b", n_boot="200")
    r = client.post(url, data=form)
    assert r.status_code == 303
    audit = r.headers["location"]
    page = wait_done(client, audit).text
    offered = set(re.findall(r'id="dl-([a-z]+)"', page))
    assert offered == {"json", "html", "config"}, offered
    assert client.get(audit + "/download/card").status_code == 404
    doc = re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))
    assert "A comparison of two models and a threshold view have no model card or PDF" in doc
