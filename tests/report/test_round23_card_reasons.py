"""Round 23: the model card (Markdown and HTML) says why a comparison is not FLAGGED too, in
the HTML report's and the web app's words (report.plain_reason), and states the report's verdict
sentence: an UNDEFINED row had a blank "Flag reason" ("both groups have selection rate 0; the
ratio 0/0 is undefined" in the report), INCONCLUSIVE and INSUFFICIENT_DATA rows too."""

from __future__ import annotations

from html import unescape

import numpy as np
import pytest

import ethiclens
from ethiclens.report import plain_reason, render_model_card, verdict_sentence
from ethiclens.report._model_card import md, render_model_card_html


def _audit(status: str):
    rng = np.random.default_rng(5)
    sizes = {"INSUFFICIENT_DATA": (600, 12), "INCONCLUSIVE": (150, 150)}.get(status, (600, 300))
    g = np.array(["A"] * sizes[0] + ["B"] * sizes[1])
    y = rng.integers(0, 2, g.size)
    rate = {"UNDEFINED": (0.0, 0.0), "INCONCLUSIVE": (0.5, 0.35)}.get(status, (0.5, 0.5))
    pred = (rng.random(g.size) < np.where(g == "A", *rate)).astype(int)
    return ethiclens.audit(y, pred, {"g": g}, reference={"g": "A"}, n_boot=200, random_state=0)


def _row(card: str) -> list[str]:
    *_, line = (ln for ln in card.splitlines() if ln.startswith("| B |"))  # the comparison
    return [cell.strip() for cell in line.strip("|").split(" | ")]


@pytest.mark.parametrize("status", ["UNDEFINED", "INCONCLUSIVE", "INSUFFICIENT_DATA"])
def test_the_card_gives_the_reports_reason_and_verdict(status):
    result = _audit(status)
    (c,) = result.comparisons
    assert c.status == status
    reason = plain_reason(c)
    assert reason and reason != status.replace("_", " ").lower()
    card = render_model_card(result)
    header = next(ln for ln in card.splitlines() if ln.startswith("| Group vs reference"))
    assert header.rstrip(" |").endswith("| Status | Reason")
    assert _row(card)[-2:] == [md(status), md(reason)]
    assert md(verdict_sentence(result)) in card
    page = unescape(render_model_card_html(result))
    assert reason in page and verdict_sentence(result) in page


def test_the_undefined_ratio_is_named_as_the_report_names_it():
    card = render_model_card(_audit("UNDEFINED"))
    assert "both groups have selection rate 0; the ratio 0/0 is undefined" in card
    assert "1 is undefined: a rate it divides by is zero" in card
