"""Round 26: a number the gate or a view reads against another (a B − A bound against 0, a
moved value against the other run's interval, a comparison's DI/EO bound against the policy)
prints on its side of it: a B − A low end of 0.0002 reads 0.0002, not 0.000 beside a gate that
says the interval excludes 0 (``[0.000, 0.057] (worse under B)``)."""

from __future__ import annotations

import dataclasses

import numpy as np

import ethiclens
from ethiclens.fairness import compare
from ethiclens.fairness._gate import _moved, gate_comparison


def _comparison():
    rng = np.random.default_rng(3)
    n = 1200
    g = rng.choice(["a", "c"], n, p=[0.6, 0.4])
    y = rng.integers(0, 2, n)
    a = (rng.random(n) < 0.5).astype(int)
    b = a.copy()
    b[np.flatnonzero((g == "c") & (a == 1) & (y == 0))[:3]] = 0
    return compare(y, a, b, {"g": g}, n_boot=200, random_state=0)


def _near_zero(comp):
    """The comparison with its EO B − A set to (0.00024, 0.057), B further from parity."""
    d = comp.difference("g", "c", "equalized_odds_difference")
    d.value_a, d.value_b = 0.05, 0.075
    d.difference = dataclasses.replace(d.difference, value=0.025, ci_low=0.00024, ci_high=0.057)
    return comp


def test_the_compare_gate_prints_a_bound_beside_0_on_its_side():
    comp = _near_zero(_comparison())
    outcome = gate_comparison(comp.to_dict(), "flagged")
    text = outcome.message()
    assert "[0.0002, 0.057] (worse under B)" in text, text
    assert "[0.000," not in text


def test_the_compare_views_print_a_bound_beside_0_on_its_side():
    comp = _near_zero(_comparison())
    assert "= 0.025 [0.0002, 0.057]" in repr(comp)
    assert "0.025 [0.0002, 0.057]" in comp._repr_html_()


def test_a_baseline_move_prints_each_value_outside_the_other_interval():
    old = {"value": 0.05, "ci_low": 0.03, "ci_high": 0.12312}
    new = {"value": 0.12315, "ci_low": 0.05004, "ci_high": 0.2}
    way, words = _moved(old, new, "equalized_odds_difference")
    assert way == "worse"
    assert words.startswith("moved 0.050 [0.030, 0.123] -> 0.12315 [0.05004, 0.200]"), words
    # an unbounded DI (value and high end infinite) in the audit's words (round 49: was inf)
    unbounded = {"value": None, "ci_low": 0.96, "ci_high": None}
    _, words = _moved(
        {"value": 0.9, "ci_low": 0.85, "ci_high": 0.95}, unbounded, "disparate_impact"
    )
    assert "-> unbounded [0.960, ∞)" in words


def test_a_comparison_s_own_repr_and_cell_print_bounds_beside_the_policy():
    rng = np.random.default_rng(1)
    n = 4000
    g = rng.choice(["A", "B"], n)
    y = rng.integers(0, 2, n)
    pred = (rng.random(n) < np.where(g == "B", 0.3, 0.6)).astype(int)
    result = ethiclens.audit(y, pred, {"g": g}, reference={"g": "A"}, n_boot=100, random_state=0)
    (c,) = result.comparisons
    di, eo = c.metrics["disparate_impact"], c.metrics["equalized_odds_difference"]
    c.metrics["disparate_impact"] = dataclasses.replace(di, value=0.7, ci_low=0.6, ci_high=0.79996)
    c.metrics["equalized_odds_difference"] = dataclasses.replace(eo, ci_low=0.10040, ci_high=0.2)
    assert "DI 0.700 [0.600, 0.79996]" in repr(c)
    html = c._repr_html_()
    assert "[0.600, 0.79996]" in html and "[0.1004, 0.200]" in html
    assert "policy" not in c.to_dict()  # the JSON is unchanged


def test_a_b_minus_a_interval_across_0_prints_three_places_as_the_report_does():
    comp = _comparison()
    d = comp.difference("g", "c", "equalized_odds_difference")
    d.difference = dataclasses.replace(d.difference, value=0.0001, ci_low=-0.0001, ci_high=0.0003)
    assert not d.excludes_zero
    assert "= 0.000 [0.000, 0.000]" in repr(comp)
