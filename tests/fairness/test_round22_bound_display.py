"""Round 22: the notebook views (an audit's HTML cell and its repr) print a DI/EO bound on its
side of the policy threshold, as the reports do: an EO lower bound of 0.10040 against 0.10
reads 0.1004 (was 0.100, beside a reason that says it "exceeds 0.10")."""

from __future__ import annotations

import dataclasses

import numpy as np

import ethiclens
from ethiclens import Policy
from ethiclens.fairness._display import audit_html, audit_repr, value_ci


def _result(policy=None):
    rng = np.random.default_rng(1)
    n = 4000
    g = rng.choice(["A", "B"], n)
    y = rng.integers(0, 2, n)
    pred = (rng.random(n) < np.where(g == "B", 0.3, 0.6)).astype(int)
    result = ethiclens.audit(
        y, pred, {"g": g}, reference={"g": "A"}, policy=policy, n_boot=100, random_state=0
    )
    (c,) = result.comparisons
    eo, di = c.metrics["equalized_odds_difference"], c.metrics["disparate_impact"]
    c.metrics["equalized_odds_difference"] = dataclasses.replace(eo, ci_low=0.10040, ci_high=0.212)
    c.metrics["disparate_impact"] = dataclasses.replace(di, value=0.7, ci_low=0.6, ci_high=0.79996)
    return result


def test_the_notebook_cells_print_a_bound_on_its_side_of_the_threshold():
    result = _result()
    html = audit_html(result)
    assert "[0.1004, 0.212]" in html and "[0.600, 0.79996]" in html
    assert "DI 0.700 [0.600, 0.79996]" in audit_repr(result)
    assert "[0.1004, 0.212]" in result._repr_html_()


def test_the_notebook_cells_use_the_audit_s_own_policy():
    result = _result(Policy(eo_threshold=0.05, di_threshold=0.6, di_rule="below"))
    html = audit_html(result)
    assert "[0.100, 0.212]" in html and "[0.600, 0.800]" in html


def test_value_ci_without_edges_prints_three_places():
    (c,) = _result().comparisons
    assert value_ci(c.metrics["equalized_odds_difference"]).endswith(" [0.100, 0.212]")
    assert value_ci(c.metrics["equalized_odds_difference"], (0.1,)).endswith("[0.1004, 0.212]")
