"""Round 22: a bound beside a policy threshold reads on its side of it on the model card
(Markdown and HTML) and in the threshold view's DI/EO interval cells, as the audit report's
cells do: an EO lower bound of 0.10040 against 0.10 prints 0.1004 (was 0.100, beside a flag
reason that says it "exceeds 0.10"), a DI upper bound of 0.79996 against 0.80 prints 0.79996."""

from __future__ import annotations

import dataclasses

import numpy as np

import ethiclens
from ethiclens.report import render_model_card, render_model_card_html
from ethiclens.report._threshold_report import build_threshold_report


def _rows(n=4000):
    rng = np.random.default_rng(1)
    g = rng.choice(["A", "B"], n)
    y = rng.integers(0, 2, n)
    score = np.clip(rng.random(n) * 0.6 + np.where(g == "B", 0.0, 0.3), 0, 1)
    return g, y, score


def _audit():
    g, y, score = _rows()
    pred = (score >= 0.5).astype(int)
    result = ethiclens.audit(y, pred, {"g": g}, reference={"g": "A"}, n_boot=100, random_state=0)
    (c,) = result.comparisons
    eo, di = c.metrics["equalized_odds_difference"], c.metrics["disparate_impact"]
    c.metrics["equalized_odds_difference"] = dataclasses.replace(eo, ci_low=0.10040, ci_high=0.212)
    c.metrics["disparate_impact"] = dataclasses.replace(di, value=0.7, ci_low=0.6, ci_high=0.79996)
    return result


def test_the_model_card_prints_a_bound_on_its_side_of_the_threshold():
    result = _audit()
    card = render_model_card(result)
    assert r"0.1004, 0.212\]" in card and r"0.600, 0.79996\]" in card
    assert r"0.100, 0.212\]" not in card
    html = render_model_card_html(result)
    assert "[0.1004, 0.212]" in html and "[0.600, 0.79996]" in html


def test_the_threshold_view_prints_a_bound_on_its_side_of_the_threshold():
    g, y, score = _rows()
    tt = ethiclens.threshold_table(y, score, {"g": g}, thresholds=[0.5], n_boot=100)
    judged = tt.frame["eo_status"].notna() & (tt.frame["eo_status"] != "INSUFFICIENT_DATA")
    assert judged.any() and (tt.frame.loc[judged, "di_status"] != "INSUFFICIENT_DATA").all()
    tt.frame.loc[judged, ["eo_ci_low", "eo_ci_high"]] = [0.10040, 0.212]
    tt.frame.loc[judged, ["di_ci_low", "di_ci_high"]] = [0.6, 0.79996]
    html = build_threshold_report(tt).to_html()
    assert "[0.1004, 0.212]" in html and "[0.600, 0.79996]" in html
    assert "[0.100, 0.212]" not in html


def test_policy_edges_is_a_public_name_of_report():
    from ethiclens.report import policy_edges  # the web app may import report's public names

    policy = {"di_threshold": 0.8, "eo_threshold": 0.1, "di_rule": "two_sided"}
    assert policy_edges("equalized_odds_difference", policy) == (0.1,)
    assert policy_edges("disparate_impact", policy) == (0.8, 1.25)
