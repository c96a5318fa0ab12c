"""Round 22: a policy threshold prints as the number it is. Thresholds were printed at two places
on every face, so a typed EO threshold of 0.1165 read "lower bound 0.117 exceeds 0.12", a DI
threshold of 0.9 a band "[0.90, 1.11]" beside a PASS bound of 1.111 (1/0.9 = 1.1111...), and
0.877843 "under 88%". One helper, ``ethiclens._text.threshold_text``, prints every threshold;
``beside`` prints a bound on its side of it as printed. Also: the forest plot's text and the
monitor's latest-window line set their bounds beside the policy's edges, and float noise beside
a threshold prints as the float it is."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import numpy as np
import pytest

import ethiclens
from ethiclens._text import beside, threshold_text
from ethiclens.fairness import Interval, Policy
from ethiclens.fairness._policy import judge_disparate_impact, judge_equalized_odds
from ethiclens.monitor._render import summary_lines
from ethiclens.monitor._report import _tests
from ethiclens.report._audit_report import di_rule_sentence
from ethiclens.report._plots import forest_figure
from ethiclens.report._verdict import di_band


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.8, "0.80"),
        (1.25, "1.25"),
        (0.1, "0.10"),
        (2.0, "2.00"),
        (0.1165, "0.1165"),
        (0.877843, "0.877843"),
        (1 / 0.9, "1.1111\u2026"),
        (1 / 0.877843, "1.1391\u2026"),
    ],
)
def test_a_threshold_prints_as_the_number_it_is(value, text):
    assert threshold_text(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1.11112, "1.1112"),  # above 1/0.9, between 1.1111 and 1.1112: reads above "1.1111…"
        (1.111105, "1.111"),  # below it: reads below
        (1.1111111, "1.111"),
        (0.996, "0.996"),
    ],
)
def test_a_bound_reads_on_its_side_of_an_ellipsis_edge(value, text):
    assert beside(value, (0.9, 1 / 0.9)) == text


def test_a_bound_just_below_an_ellipsis_edge_prints_as_its_lower_neighbour():
    # 1/0.80028 = 1.249563 prints "1.2495…"; 1.24955 (inside the band) printed as 1.24955
    # would read either side of it, 1.2496 above it: it prints 1.2495, at most 1e-4 below
    assert threshold_text(1 / 0.80028) == "1.2495\u2026"
    assert beside(1.24955, (0.80028, 1 / 0.80028)) == "1.2495"


def test_float_noise_beside_a_threshold_prints_as_the_float_it_is():
    # the verdict compares floats: 0.10000000000000003 > 0.1 flags; the text says why
    assert beside(0.10000000000000003, 0.1) == "0.10000000000000003"
    status, reason = judge_equalized_odds(Interval(0.10000000000000003, 0.2, "x"), Policy())
    assert status == "FLAGGED"
    assert reason == "equalized-odds interval lower bound 0.10000000000000003 exceeds 0.10"
    assert beside(1 / 0.9, (0.9, 1 / 0.9)) == "1.1111\u2026"  # exactly at the edge


def test_the_policy_sentences_print_typed_thresholds_exactly():
    status, reason = judge_equalized_odds(Interval(0.1168, 0.2, "x"), Policy(eo_threshold=0.1165))
    assert (status, reason) == (
        "FLAGGED",
        "equalized-odds interval lower bound 0.117 exceeds 0.1165",  # was "exceeds 0.12"
    )
    status, reason = judge_disparate_impact(Interval(0.5, 1.2, "x"), Policy(di_threshold=0.9))
    assert reason == "DI interval [0.500, 1.200] is not entirely inside or outside [0.90, 1.1111…]"
    below = Policy(di_threshold=0.877843, di_rule="below")
    status, reason = judge_disparate_impact(Interval(0.87, 0.95, "x"), below)
    assert reason == "DI interval [0.870, 0.950] straddles 0.877843"
    # the defaults print as ever
    status, reason = judge_disparate_impact(Interval(0.5, 1.2, "x"), Policy())
    assert reason.endswith("outside [0.80, 1.25]")


def test_the_report_band_and_rule_print_thresholds_exactly():
    policy = {"di_threshold": 0.877843, "eo_threshold": 0.1165, "di_rule": "two_sided"}
    assert di_band(policy) == "outside [0.877843, 1.1391…]"
    sentence = di_rule_sentence(policy)
    assert "under 87.7843% of the" in sentence and "exceeds 0.1165." in sentence
    assert "under 80% of the" in di_rule_sentence({"di_threshold": 0.8, "eo_threshold": 0.1})


def _rows():
    rng = np.random.default_rng(1)
    n = 2000
    g = rng.choice(["A", "B"], n)
    y = rng.integers(0, 2, n)
    pred = (rng.random(n) < np.where(g == "B", 0.3, 0.6)).astype(int)
    result = ethiclens.audit(y, pred, {"g": g}, reference={"g": "A"}, n_boot=100, random_state=0)
    (c,) = result.comparisons
    di, eo = c.metrics["disparate_impact"], c.metrics["equalized_odds_difference"]
    di = dataclasses.replace(di, value=1.05, ci_low=0.996, ci_high=1.11112)
    eo = dataclasses.replace(eo, value=0.2, ci_low=0.1004, ci_high=0.3)
    return [("g: B", c.status, di, eo)]


def test_the_forest_plot_prints_thresholds_and_bounds_beside_them():
    import matplotlib.pyplot as plt

    fig, alt, caption = forest_figure(_rows(), 0.9, 0.1, "two_sided")
    # one legend above the panels since round 35 (a panel's legend hid what lay under it)
    labels = [t.get_text() for legend in fig.legends for t in legend.texts]
    plt.close(fig)
    assert "exceeds 0.10." in caption and "outside [0.90, 1.1111…]" in caption
    assert "DI: outside [0.90, 1.1111…] flags" in labels
    assert "EO: lower bound above 0.10 flags" in labels
    assert "CI [0.996, 1.1112]" in alt  # 1.111 would read inside the band it lies outside
    assert "CI [0.1004, 0.300]" in alt  # 0.100 printed plain before


def test_the_monitor_prints_thresholds_and_bounds_beside_them():
    request = SimpleNamespace(
        di_threshold=0.7239, eo_threshold=0.1165, alpha=0.05, baseline_source=lambda: None
    )
    last = {
        "tests": {"disparate_impact": {"log_e_value": 0.0}, "equalized_odds": {"log_e_value": 0.0}}
    }
    tests = _tests(last, {"disparate_impact": None, "equalized_odds": None}, request, {}, [])
    assert tests["disparate_impact"]["null"] == "DI inside [0.7239, 1.3814…]"
    assert tests["equalized_odds"]["null"] == "|TPR gap| and |FPR gap| at most 0.1165"
    est = {"disparate_impact": {"value": 0.855, "ci_low": 0.72380, "ci_high": 1.039}}
    doc = {
        "windows": [],
        "method": {"alpha": 0.05},
        "request": {"di_threshold": 0.7239, "eo_threshold": 0.1},
        "comparisons": [
            {
                "attribute": "g",
                "group": "B",
                "reference": "A",
                "latest": {"window": 3, "estimates": est},
                "history": [],
                "sequences": {},
                "tests": {},
            }
        ],
    }
    text = "\n".join(summary_lines(doc))
    assert "DI 0.855 [0.7238, 1.039]" in text  # 0.724 read as above the threshold 0.7239


def test_the_monitor_trend_legends_print_the_policy_band_exactly():
    import matplotlib.pyplot as plt

    from ethiclens.monitor._render import _di_panel, _gap_panel

    comparison = {"history": [], "tests": {}}
    fig, (a, b) = plt.subplots(2)
    _di_panel(a, comparison, 0.877843)
    _gap_panel(b, comparison, 0.1165)
    labels = [t.get_text() for ax in (a, b) for t in ax.get_legend().texts]
    plt.close(fig)
    assert "policy band [0.877843, 1.1391…]" in labels  # %g: [0.877843, 1.13916]
    assert "policy band ±0.1165" in labels
