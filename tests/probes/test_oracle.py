import numpy as np
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens.probes import inject_bias, run_oracle


def test_truth_is_exact_by_construction():
    d = inject_bias(20, disparate_impact=0.7, eo_gap=0.12, base_rates=(0.6, 0.4), random_state=0)
    t = d.truth
    assert t["disparate_impact"] == pytest.approx(0.7, abs=1e-15)
    assert t["equalized_odds_difference"] == pytest.approx(0.12, abs=1e-12)
    for g in ("privileged", "unprivileged"):
        b, tpr, fpr = t["base_rate"][g], t["true_positive_rate"][g], t["false_positive_rate"][g]
        assert b * tpr + (1 - b) * fpr == pytest.approx(t["selection_rate"][g], abs=1e-12)


def test_large_sample_converges_to_truth():
    d = inject_bias(2_000_000, disparate_impact=0.6, eo_gap=0.25, random_state=1)
    res = ethiclens.audit(
        d.y_true, d.y_pred, {"g": d.group}, reference="privileged", n_boot=100, random_state=0
    )
    m = res.comparisons[0].metrics
    assert m["disparate_impact"].value == pytest.approx(0.6, abs=0.005)
    assert m["equalized_odds_difference"].value == pytest.approx(0.25, abs=0.005)


def test_golden_reference_di_06_is_recovered_and_flagged():
    d = inject_bias(20_000, disparate_impact=0.6, random_state=7)
    res = ethiclens.audit(
        d.y_true, d.y_pred, {"g": d.group}, reference="privileged", random_state=0
    )
    c = res.comparisons[0]
    di = c.metrics["disparate_impact"]
    assert di.ci_low <= 0.6 <= di.ci_high
    assert c.flagged and "DI_CI_BELOW_THRESHOLD" in c.flag_rules


def test_golden_reference_di_1_is_not_flagged():
    d = inject_bias(20_000, disparate_impact=1.0, random_state=7)
    res = ethiclens.audit(
        d.y_true, d.y_pred, {"g": d.group}, reference="privileged", random_state=0
    )
    c = res.comparisons[0]
    assert c.metrics["disparate_impact"].ci_low <= 1.0 <= c.metrics["disparate_impact"].ci_high
    assert not c.flagged


def test_impossible_requests_are_clear():
    with pytest.raises(EthicLensInputError, match="eo_gap"):
        inject_bias(100, disparate_impact=0.9, eo_gap=0.95)
    with pytest.raises(EthicLensInputError, match="outside"):
        inject_bias(100, disparate_impact=3.0)


def test_few_repetitions_warn_with_monte_carlo_error():
    with pytest.warns(UserWarning, match=r"10 repetitions.*Monte Carlo SE"):
        res = run_oracle(2000, disparate_impact=0.6, repetitions=10, n_boot=200)
    assert res.repetitions == 10 and len(res.rows) == 6


@pytest.mark.slow
@pytest.mark.parametrize("method", ["jeffreys", "bca"])
def test_coverage_of_di_is_nominal(method):
    """Over 500 repetitions the nominal 95% interval for DI covers the truth 93-97%."""
    res = run_oracle(
        20_000,
        disparate_impact=0.6,
        repetitions=500,
        n_boot=1000,
        methods=(method,),
        random_state=2026,
    )
    row = next(r for r in res.rows if r["metric"] == "disparate_impact")
    assert 0.93 <= row["coverage"] <= 0.97, row
    assert abs(row["bias"]) < 0.005
    assert res.flag_rate[method]["di_rule"] > 0.99
    spd = next(r for r in res.rows if r["metric"] == "statistical_parity_difference")
    assert 0.92 <= spd["coverage"] <= 0.98
    assert np.isfinite(row["rmse"])


@pytest.mark.slow
def test_boundary_cases_at_100_rows_per_group():
    """True DI 0 is flagged in >= 99% of runs; at DI 0.05 and with tied TPR/FPR gaps the
    intervals of DI, SPD and EO still cover (the checks behind the README's oracle table)."""
    zero = run_oracle(
        200,
        disparate_impact=0.0,
        repetitions=300,
        n_boot=500,
        methods=("jeffreys",),
        random_state=1,
    )
    assert zero.flag_rate["jeffreys"]["di_rule"] >= 0.99
    low = run_oracle(
        200,
        disparate_impact=0.05,
        repetitions=400,
        n_boot=500,
        methods=("jeffreys",),
        random_state=2,
    )
    for r in low.rows:
        # 400 repetitions: MC SE ~0.011, so 0.92 is ~2.5 SE below 0.95
        assert r["coverage"] >= 0.92, r
