"""Round 20 (W2): the diff page shows the draws a run used when its request left them to the
default (``n_boot: null``), as its result's config records them, never "not set"."""

from __future__ import annotations

import html
import re

from .conftest import make_frame, mapping_form, upload, wait_done


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _audit(client, content: bytes, n_boot: str) -> str:
    url = upload(client, content).headers["location"]
    form = mapping_form(client.get(url).text, y_true="label", y_pred="pred", y_score="")
    form.update(protected=["3"], n_boot=n_boot, bins_4="")
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-400:]
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 200, _text(done.text)[-400:]
    return r.headers["location"].rsplit("/", 1)[1]


def test_the_diff_shows_the_default_draws_a_run_used(client):
    content = make_frame(n=800).to_csv(index=False).encode()
    a, b = _audit(client, content, "500"), _audit(client, content, "")
    assert client.get(f"/audits/{b}/download/json").json()["config"]["n_boot"] == 2000
    r = client.get(f"/diff?a={a}&b={b}")
    assert r.status_code == 200
    row = re.search(r"policy\.n_boot.*?</tr>", r.text, re.S)
    assert row, _text(r.text)[:2000]
    words = " ".join(_text(row.group(0)).split())
    assert "500" in words and "2000" in words and "not set" not in words, words
