"""Round 22: the web app's verdict agrees with the report's. A comparison that could not be
judged (UNDEFINED, INSUFFICIENT_DATA) is never read as a PASS (the audit page's word and
sentence, the history's word), the page names the comparisons that could not be judged, each
line gives the report's reasons (a policy metric that is undefined too), and a download of an
audit that does not exist says so."""

from __future__ import annotations

import html
import re

import numpy as np
import pandas as pd
import pytest

from tests.web.conftest import mapping_form, upload, wait_done

PASS_WORDS = "No comparison is flagged"
UNDEFINED_EO = "EO is undefined: TPR undefined for 'C' (no positive labels)"


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _group(name: str, n: int, labels: bool, selected: int) -> pd.DataFrame:
    """``n`` rows of group ``name``: half of them positive labels (none when not ``labels``),
    ``selected`` of every 10 predicted positive, independent of the label."""
    label = np.tile([1, 0], n // 2) if labels else np.zeros(n, int)
    pred = (np.arange(n) // 2 % 10 < selected).astype(int)
    return pd.DataFrame({"label": label, "pred": pred, "race": name})


def _frame(c_selected: int = 5) -> bytes:
    """race A, B, D alike; C with no positive labels (its TPR, so its EO, undefined)."""
    parts = [
        _group("A", 800, True, 5),
        _group("B", 300, True, 5),
        _group("C", 800, False, c_selected),
        _group("D", 800, True, 5),
    ]
    return pd.concat(parts).to_csv(index=False).encode()


def _audit(client, content: bytes, exclude: str) -> tuple[str, str]:
    """(the finished audit's URL, its page's text) of an audit of race with n_boot 200."""
    url = upload(client, content).headers["location"]
    form = mapping_form(client.get(url).text, n_boot="200", exclude=exclude)
    form.update(y_true="label", y_pred="pred", y_score="")
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-800:]
    url = r.headers["location"]
    return url, _text(wait_done(client, url).text)


def _word(page: str) -> str:
    return re.search(r'id="verdict-word">([A-Z_]+)<', page)[1]


def _history_word(client, url: str) -> str:
    page = client.get("/history").text
    row = re.search(rf'href="{url}">.*?</tr>', page, re.S)[0]
    return re.search(r'class="status status-[a-z_]+">([A-Z_]+)<', row)[1]


def test_an_undefined_comparison_is_never_read_as_a_pass(client):
    url, page = _audit(client, _frame(), "race=B")
    raw = client.get(url).text
    assert _word(raw) == "UNDEFINED" and "verdict-undefined" in raw
    assert PASS_WORDS not in page
    # the report's own verdict sentence, on both faces
    sentence = "Of 2 comparisons, 1 is undefined: a rate it divides by is zero; 1 passes"
    assert sentence in page and sentence in _text(client.get(url + "/report").text)
    assert "Could not be judged: race: C vs A." in page
    assert "UNDEFINED race: C vs A: EO: TPR undefined for 'C' (no positive labels)" in page
    assert _history_word(client, url) == "UNDEFINED"


def test_every_comparison_undefined_is_not_done_with_the_pass_sentence(client):
    url, page = _audit(client, _frame(), "race=B\nrace=D")
    assert _word(client.get(url).text) == "UNDEFINED"
    assert PASS_WORDS not in page
    assert "Of 1 comparison, 1 is undefined: a rate it divides by is zero." in page
    assert "Could not be judged: race: C vs A." in page
    assert _history_word(client, url) == "UNDEFINED"


@pytest.mark.parametrize(
    "counts, word",
    [
        ({"UNDEFINED": 1, "PASS": 1}, "UNDEFINED"),
        ({"UNDEFINED": 2}, "UNDEFINED"),
        ({"INSUFFICIENT_DATA": 1, "UNDEFINED": 1, "PASS": 3}, "INSUFFICIENT_DATA"),
        ({"INSUFFICIENT_DATA": 1}, "INSUFFICIENT_DATA"),
        ({"INCONCLUSIVE": 1, "UNDEFINED": 1}, "INCONCLUSIVE"),
        ({"FLAGGED": 1, "INSUFFICIENT_DATA": 1}, "FLAGGED"),
        ({"PASS": 4}, "PASS"),
        ({}, "DONE"),
    ],
)
def test_the_word_is_the_worst_verdict_in_the_reports_order(counts, word):
    from ethiclens.report import STATUS_ORDER
    from ethiclens.web._web import verdict_word

    assert verdict_word(counts) == word
    assert word == "DONE" or word == next(s for s in STATUS_ORDER if counts.get(s))


def test_a_line_names_an_undefined_policy_metric_as_the_report_does(client):
    # C is selected 6 in 10 against A's 5: DI 1.2, its interval across 1.25 (INCONCLUSIVE)
    url, page = _audit(client, _frame(c_selected=6), "race=B\nrace=D")
    result = client.get(url + "/download/json").json()
    (c,) = result["comparisons"]
    assert c["status"] == "INCONCLUSIVE"
    assert c["metrics"]["equalized_odds_difference"]["status"] == "UNDEFINED"
    line = re.search(r"INCONCLUSIVE race: C vs A: (.*?) Download", page)[1]
    assert line.startswith("DI: ") and line.endswith(UNDEFINED_EO)
    report = _text(client.get(url + "/report").text)
    assert f"race: C vs A — {line}" in report  # the report's reason, word for word


def test_a_download_of_an_unknown_audit_says_there_is_none(client):
    for audit_id in ("nosuch", "0" * 24):
        for kind in ("pdf", "json"):
            r = client.get(f"/audits/{audit_id}/download/{kind}")
            assert r.status_code == 404
            assert "No audit with this id" in _text(r.text)
            assert "No result for this audit" not in _text(r.text)
    draft = upload(client, _frame()).headers["location"].removesuffix("/mapping")
    r = client.get(draft + "/download/pdf")  # an audit not run yet: no result (yet)
    assert r.status_code == 404 and "No result for this audit (yet)" in _text(r.text)
