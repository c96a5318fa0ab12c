"""Round-4 numerics: far-tail p-values, unbounded DI in the threshold view and the headlines,
and ``to_json``'s keyword-only indent."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm

import ethiclens
from ethiclens.fairness import Headline
from ethiclens.fairness._engine import _z_test
from ethiclens.report._terminal import terminal_summary


def _never_selected_reference(n=200, seed=0):
    """Group a (the reference) is never selected, b often: b's DI is unbounded."""
    rng = np.random.default_rng(seed)
    groups = pd.Series(["a"] * n + ["b"] * n, name="grp")
    y_true = rng.binomial(1, 0.5, 2 * n)
    score = np.concatenate([np.zeros(n), rng.uniform(0.2, 1.0, n)])
    return y_true, score, groups


# 1. the z-test's p-value in the far tail -----------------------------------------------------


@pytest.mark.parametrize("x0", [100, 150, 190, 200])
def test_z_test_p_value_is_the_two_sided_upper_tail(x0):
    out = _z_test(x0, 10, 200, 200)
    assert out["p_value"] > 0  # 1 - cdf(z) rounded to 0 from |z| ~ 8.3
    assert out["p_value"] == pytest.approx(2 * norm.sf(abs(out["statistic"])), rel=1e-9)


def test_audit_reports_a_far_tail_p_value_not_zero():
    groups = pd.Series(["m"] * 300 + ["f"] * 300, name="sex")
    y_pred = np.r_[np.ones(250), np.zeros(50), np.ones(40), np.zeros(260)].astype(int)
    y_true = np.tile([0, 1], 300)
    r = ethiclens.audit(y_true, y_pred, groups, n_boot=100, random_state=0)
    z = json.loads(r.to_json())["comparisons"][0]["z_test"]
    assert abs(z["statistic"]) > 13
    assert 0 < z["p_value"] < 1e-40
    assert z["p_value"] == pytest.approx(2 * norm.sf(abs(z["statistic"])), rel=1e-9)


# 2. the threshold view's unbounded DI ---------------------------------------------------------


def test_threshold_view_gives_an_unbounded_di_an_unbounded_interval():
    y_true, score, groups = _never_selected_reference()
    t = ethiclens.threshold_table(
        y_true, score, groups, reference="a", n_boot=200, random_state=0, step=0.1
    )
    rows = [r for r in json.loads(t.to_json())["rows"] if r["group"] == "b"]
    assert rows
    for r in rows:
        assert r["di"] is None  # +inf: not a JSON number
        assert r["di_ci_low"] is not None and r["di_ci_high"] is None, r
        assert r["di_status"] == "FLAGGED"
    # the audit on the predictions at the audited threshold says the same
    audited = (score >= 0.5).astype(int)
    di = (
        ethiclens.audit(y_true, audited, groups, reference="a", n_boot=200, random_state=0)
        .comparisons[0]
        .metrics["disparate_impact"]
    )
    assert di.ci_high is None or math.isinf(di.ci_high)
    assert di.status == next(r["di_status"] for r in rows if r["audited"])


def test_threshold_view_intervals_contain_their_estimates():
    rng = np.random.default_rng(3)
    groups = pd.Series(rng.choice(["x", "y"], 300), name="g")
    y_true = rng.binomial(1, 0.4, 300)
    score = np.clip(rng.normal(0.5, 0.25, 300), 0.0, 1.0)
    t = ethiclens.threshold_table(y_true, score, groups, n_boot=200, random_state=0)
    frame = t.frame[t.frame["di"].notna()]
    for metric in ("di", "eo"):
        shown = frame[frame[f"{metric}_ci_low"].notna()]
        assert (shown[f"{metric}_ci_low"] <= shown[metric] + 1e-12).all()
        assert (shown[metric] <= shown[f"{metric}_ci_high"] + 1e-12).all()


# 3. an unbounded headline is withheld ---------------------------------------------------------


def test_unbounded_min_di_headline_is_withheld_with_a_reason():
    y_true, score, groups = _never_selected_reference()
    r = ethiclens.audit(
        y_true, (score >= 0.5).astype(int), groups, reference="a", n_boot=200, random_state=0
    )
    head = json.loads(r.to_json())["headlines"]["min_disparate_impact"]
    assert head["value"] is None
    assert "unbounded" in head["withheld_reason"] and "grp:b" in head["withheld_reason"]
    assert head["affected"] == ["grp:b"]
    text = "\n".join(line for line in terminal_summary(r) if isinstance(line, str))
    assert "Minimum DI: [yellow]withheld[/yellow]" in text
    assert "Minimum DI: [bold]inf" not in text


@pytest.mark.parametrize(
    ("value", "reason"),
    [(math.inf, None), (math.nan, None), (None, None), (0.8, "withheld too")],
)
def test_headline_is_a_finite_value_or_a_reason(value, reason):
    with pytest.raises(ValueError, match="finite value or a withheld reason"):
        Headline("min_disparate_impact", value, "g:b", reason)


# 4. to_json's indent is keyword-only ----------------------------------------------------------


def test_to_json_refuses_a_positional_argument():
    y_true, score, groups = _never_selected_reference(n=60)
    y_pred = (score >= 0.5).astype(int)
    audit = ethiclens.audit(y_true, y_pred, groups, n_boot=100, random_state=0)
    table = ethiclens.threshold_table(y_true, score, groups, n_boot=100, step=0.25)
    comparison = ethiclens.compare(y_true, y_pred, 1 - y_pred, groups, n_boot=100)
    for result in (audit, table, comparison):
        with pytest.raises(TypeError):
            result.to_json("out.json")
        assert json.loads(result.to_json(indent=None)) == json.loads(result.to_json())


def test_score_sums_do_not_depend_on_the_row_order():
    # tester round 6: a threaded reader handed rows over in another order each run, and the
    # calibration's score sums (ECE, mean score per bin) moved in their last digits
    rng = np.random.default_rng(3)
    n = 4000
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "s": rng.random(n) / 3 + rng.random(n) / 7,
            "g": rng.choice(["a", "b", "c"], n),
        }
    )
    frame["p"] = (frame["s"] > 0.3).astype(int)

    def report(rows):
        result = ethiclens.fairness.audit(
            rows["y"], rows["p"], rows[["g"]], y_score=rows["s"], n_boot=200, random_state=1
        )
        return result.to_dict()

    shuffled = frame.sample(frac=1.0, random_state=9).reset_index(drop=True)
    assert report(frame) == report(shuffled)
