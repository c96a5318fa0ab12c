"""Round 22: a bound printed beside a policy threshold reads on its side of it. An EO lower bound
of 0.10040 printed "equalized-odds interval lower bound 0.100 exceeds 0.10" (terminal, HTML, PDF,
web); it now prints 0.1004, in the sentence and in the interval cells, by one helper
(``ethiclens._text.beside``)."""

from __future__ import annotations

import dataclasses
import io

import numpy as np
import pytest
from rich.console import Console

import ethiclens
from ethiclens._text import beside
from ethiclens.fairness import Interval, Policy
from ethiclens.fairness._policy import judge_disparate_impact, judge_equalized_odds
from ethiclens.report import render_html, terminal_summary
from ethiclens.report._verdict import largest_disparity_note


@pytest.mark.parametrize(
    ("value", "thresholds", "text"),
    [
        (0.10040, 0.10, "0.1004"),
        (0.09996, 0.10, "0.09996"),
        (0.79996, (0.8, 1.25), "0.79996"),
        (1.25002, (0.8, 1.25), "1.25002"),
        (0.10, 0.10, "0.100"),  # at the threshold: as it is
        (0.159, 0.10, "0.159"),  # far from it: 3 places
        (float("inf"), (0.8, 1.25), "inf"),
        (-0.00001, 0.10, "0.000"),  # no '-0.000'
    ],
)
def test_a_bound_prints_on_its_side_of_the_nearest_threshold(value, thresholds, text):
    assert beside(value, thresholds) == text


def test_the_policy_sentences_print_the_bound_on_its_side():
    policy = Policy()
    status, reason = judge_equalized_odds(Interval(0.10040, 0.212, "jeffreys"), policy)
    assert status == "FLAGGED"
    assert reason == "equalized-odds interval lower bound 0.1004 exceeds 0.10"
    status, reason = judge_disparate_impact(Interval(0.61, 0.79996, "jeffreys"), policy)
    assert status == "FLAGGED" and "[0.610, 0.79996] lies entirely outside" in reason
    status, reason = judge_disparate_impact(Interval(1.25002, 1.6, "jeffreys"), policy)
    assert status == "FLAGGED" and "[1.25002, 1.600]" in reason
    below = Policy(di_rule="below")
    status, reason = judge_disparate_impact(Interval(0.79996, 0.9, "jeffreys"), below)
    assert status == "INCONCLUSIVE" and reason == "DI interval [0.79996, 0.900] straddles 0.80"


def _result():
    rng = np.random.default_rng(1)
    n = 4000
    g = rng.choice(["A", "B"], n)
    y = rng.integers(0, 2, n)
    pred = (rng.random(n) < np.where(g == "B", 0.3, 0.6)).astype(int)
    result = ethiclens.audit(y, pred, {"g": g}, reference={"g": "A"}, n_boot=100, random_state=0)
    (c,) = result.comparisons
    # a lower bound within rounding of the EO threshold, and a DI upper bound of its band
    eo, di = c.metrics["equalized_odds_difference"], c.metrics["disparate_impact"]
    c.metrics["equalized_odds_difference"] = dataclasses.replace(eo, ci_low=0.10040, ci_high=0.212)
    c.metrics["disparate_impact"] = dataclasses.replace(di, value=0.7, ci_low=0.6, ci_high=0.79996)
    return result


def test_the_terminal_and_html_cells_print_the_bound_on_its_side():
    result = _result()
    buf = io.StringIO()
    console = Console(file=buf, width=400, color_system=None)
    for block in terminal_summary(result):
        console.print(block)
    text = buf.getvalue()
    assert "[0.1004, 0.212]" in text and "[0.600, 0.79996]" in text
    html = render_html(result)
    assert "[0.1004, 0.212]" in html and "[0.600, 0.79996]" in html
    (c,) = result.comparisons
    assert "[0.600, 0.79996]" in largest_disparity_note(result, c, 0)
