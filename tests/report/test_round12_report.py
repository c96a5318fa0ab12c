"""Round 12: every face (HTML report, model card, terminal) says what the JSON says.

An unbounded FLAGGED DI is the largest disparity, not "could not be judged"; a harmful label's
headline is the same everywhere; the composite score never stands beside a flag without its
caveat; a weighted audit says so; a newline or CR in a group name is shown, not folded away;
and the terminal's "why" for a too-small comparison is the floor, not another metric's reason.
"""

import io
import re

import numpy as np
import pandas as pd
import pytest
from rich.console import Console

import ethiclens
from ethiclens.report import render_html, render_model_card
from ethiclens.report._terminal import _why, terminal_summary
from ethiclens.report._verdict import largest_disparity


def _terminal(result) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=400, color_system=None)
    for block in terminal_summary(result):
        console.print(block)
    return buf.getvalue()


def _summary(html: str) -> str:
    return re.search(r"<section id=\"summary\">(.*?)</section>", html, re.S).group(1)


def _unbounded(positive_is_favorable=False, weights=False):
    """g: R never selected (DI of A vs R unbounded, FLAGGED); s: F vs M near 1."""
    rng = np.random.default_rng(0)
    n = 600
    g = np.repeat(["R", "A"], n // 2)
    s = rng.choice(["F", "M"], n)
    y = rng.integers(0, 2, n)
    pred = np.where(g == "R", 0, (rng.random(n) < 0.5).astype(int))
    return ethiclens.audit(
        y,
        pred,
        pd.DataFrame({"g": g, "s": s}),
        reference={"g": "R"},
        positive_is_favorable=positive_is_favorable,
        sample_weight=rng.uniform(0.5, 1.5, n) if weights else None,
        n_boot=100,
        random_state=0,
    )


@pytest.fixture(scope="module")
def unbounded():
    return _unbounded()


def test_an_unbounded_flagged_di_is_the_largest_disparity(unbounded):
    c, unjudged = largest_disparity(unbounded)
    assert c.key == "g:A" and c.status == "FLAGGED" and unjudged == 0


def test_every_face_headlines_the_unbounded_disparity(unbounded):
    summary = _summary(render_html(unbounded))
    assert re.search(r"DI unbounded \[\d+\.\d{3}, ∞\) · A<", summary)
    assert "may be larger" not in summary
    card = render_model_card(unbounded)
    headline = r"\*\*Largest disparity: DI unbounded \\\[\d+\.\d{3}, ∞\\\)\*\* at g:A\."
    assert re.search(headline, card)
    assert "**Minimum DI" not in card
    text = _terminal(unbounded)
    assert re.search(r"Largest disparity: DI unbounded \[\d+\.\d{3}, ∞\) at g:A", text)
    assert "Minimum DI" not in text


def test_a_group_never_selected_is_judged_too():
    """The symmetric case: DI 0 (the group is never selected) is infinitely far from 1."""
    rng = np.random.default_rng(1)
    n = 600
    g = np.repeat(["R", "A"], n // 2)
    pred = np.where(g == "A", 0, (rng.random(n) < 0.5).astype(int))
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        pred,
        {"g": g},
        reference={"g": "R"},
        positive_is_favorable=False,
        n_boot=100,
        random_state=0,
    )
    found = largest_disparity(result)
    assert found is not None and found[0].key == "g:A"
    assert "A is never given the harmful label" in render_model_card(result)


def test_the_composite_caveat_is_in_every_face(unbounded):
    caveat = "does not override a flag"
    assert caveat in _summary(render_html(unbounded))
    assert caveat in render_model_card(unbounded)
    assert caveat in _terminal(unbounded)


def test_a_weighted_audit_says_so_in_the_report_and_the_card():
    result = _unbounded(weights=True)
    assert "Kish effective rows" in _summary(render_html(result))
    card = render_model_card(result)
    assert "Kish effective rows per group" in card
    assert "estimates use the sample weights" in card
    plain = render_model_card(_unbounded())
    assert "Kish" not in plain and "100 rows per group" in plain


@pytest.fixture(scope="module")
def newlines():
    rng = np.random.default_rng(2)
    n = 800
    groups = rng.choice(["new line", "new\nline", "car\rriage", "ref"], n)
    return ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        {"g": groups},
        reference={"g": "ref"},
        n_boot=100,
        random_state=0,
    )


def test_newline_and_cr_in_a_group_name_stay_visible_in_the_card(newlines):
    card = render_model_card(newlines)
    assert "new\\\\nline" in card and "car\\\\rriage" in card
    assert "new line" in card
    assert "\r" not in card
    # every table row is still one line
    assert all(line.endswith("|") for line in card.splitlines() if line.startswith("| "))


def test_newline_and_cr_in_a_group_name_stay_visible_in_the_html(newlines):
    html = render_html(newlines)
    assert "new\\nline" in html and "car\\rriage" in html
    assert "new\nline" not in html and "\r" not in html


def test_newline_and_cr_in_a_group_name_stay_visible_in_the_terminal(newlines):
    text = _terminal(newlines)
    assert "new\\nline" in text and "car\\rriage" in text
    assert "new\nline" not in text


def test_the_terminal_why_of_a_small_comparison_is_its_floor():
    rng = np.random.default_rng(3)
    big = 400
    groups = np.array(["ref"] * big + ["zero_ref"] * 12)
    pred = np.concatenate([rng.integers(0, 2, big), np.zeros(12, int)])
    y = np.concatenate([rng.integers(0, 2, big), np.array([0, 1] * 6)])
    result = ethiclens.audit(
        y, pred, {"g": groups}, reference={"g": "ref"}, n_boot=100, random_state=0
    )
    (c,) = result.comparisons
    assert c.status == "INSUFFICIENT_DATA"
    why = _why(c)
    policy = [c.metrics[k].reason for k in ("disparate_impact", "equalized_odds_difference")]
    assert why in policy and "PPV" not in why


def test_the_flag_card_of_an_inconclusive_audit_does_not_deny_a_crossing():
    """No comparison flagged but one inconclusive (its interval spans a threshold): the card
    must not say that no interval crosses a threshold (the report says one does)."""
    import numpy as np

    from ethiclens.fairness import INCONCLUSIVE, audit
    from ethiclens.report import render_html

    rng = np.random.default_rng(0)
    group = np.repeat(["a", "b"], [400, 150])
    pred = (rng.random(550) < np.where(group == "a", 0.5, 0.4)).astype(int)
    result = audit(None, pred, group, reference="a", n_boot=300, random_state=0)
    assert not result.flagged
    assert any(c.status == INCONCLUSIVE for c in result.comparisons)
    page = render_html(result)
    assert "interval lies entirely outside the policy band." in page
    assert "crosses a policy threshold." not in page
