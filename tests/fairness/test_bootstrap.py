"""The count-based bootstrap equals a brute-force row-resampling bootstrap."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness._bootstrap import acceleration, bootstrap_interval, jackknife_units
from ethiclens.fairness._counts import GroupCounts, cell_index
from ethiclens.fairness._metrics import (
    disparate_impact,
    equalized_odds_difference,
    false_positive_rate,
    true_positive_rate,
)
from tests.conftest import make_binary_data

B = 2000


def _brute_force(y_true, y_pred, groups, metric, rng, n_boot=B):
    """Resample rows within each group, recount, recompute: the textbook bootstrap."""
    names = sorted(set(groups))
    idx = {g: np.flatnonzero(groups == g) for g in names}
    cells = cell_index(y_pred, y_true)

    def stat(rows_by_group):
        counts = np.array([np.bincount(cells[r], minlength=4) for r in rows_by_group])
        return float(metric(counts[1], counts[0], True))

    theta = stat([idx[g] for g in names])
    boot = np.array([stat([rng.choice(idx[g], len(idx[g])) for g in names]) for _ in range(n_boot)])
    # Row-level jackknife over the pooled sample (leave one row out at a time).
    jack = []
    for gi, g in enumerate(names):
        for k in range(len(idx[g])):
            rows = [idx[h] if hi != gi else np.delete(idx[h], k) for hi, h in enumerate(names)]
            jack.append(stat(rows))
    return theta, boot, np.array(jack)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    y, p, a = make_binary_data(
        rng, [600, 500], None, base_rates=[0.5, 0.4], tpr=[0.7, 0.55], fpr=[0.3, 0.2]
    )
    return y, p, a


@pytest.mark.parametrize(
    "name,metric",
    [
        ("disparate_impact", disparate_impact),
        ("equalized_odds_difference", equalized_odds_difference),
    ],
)
def test_exact_jackknife_equals_row_jackknife(data, name, metric):
    y, p, a = data
    theta, _, jack_rows = _brute_force(y, p, a, metric, np.random.default_rng(0), n_boot=1)
    gc = GroupCounts.from_arrays("a", ["g0", "g1"], (a == "g1").astype(int), cell_index(p, y), True)
    u0, u1 = (jackknife_units(row, 4) for row in gc.counts)
    c0, c1 = gc.weighted
    jack = np.concatenate([metric(c1, c0 - u0.deltas, True), metric(c1 - u1.deltas, c0, True)])
    mult = np.concatenate([u0.multiplicity, u1.multiplicity])
    assert mult.sum() == len(jack_rows)
    a_exact = acceleration(jack, mult)
    a_rows = acceleration(jack_rows, np.ones(len(jack_rows)))
    assert a_exact == pytest.approx(a_rows, rel=1e-10, abs=1e-14)


def _tpr_gap(g, r, labelled=True):
    return true_positive_rate(g) - true_positive_rate(r)


def _fpr_gap(g, r, labelled=True):
    return false_positive_rate(g) - false_positive_rate(r)


def _fold(iv):
    lo, hi = iv.low, iv.high
    return (0.0, max(-lo, hi)) if lo <= 0 <= hi else (min(abs(lo), abs(hi)), max(abs(lo), abs(hi)))


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_di_interval_matches_row_bootstrap(data, method):
    y, p, a = data
    theta, boot, jack = _brute_force(y, p, a, disparate_impact, np.random.default_rng(1))
    brute = bootstrap_interval(theta, boot, jack, np.ones(len(jack)), method=method)
    result = ethiclens.audit(y, p, a, reference="g0", n_boot=B, ci=method, random_state=3)
    ours = result.comparisons[0].metrics["disparate_impact"]
    assert ours.value == pytest.approx(theta, abs=1e-12)
    assert ours.ci_method == method
    # Monte Carlo error of a 2.5%/97.5% bootstrap quantile with B = 2000 is about 0.07 SE of
    # the bootstrap distribution; two independent runs differ by up to ~3·sqrt(2)·0.07 ≈ 0.3 SE.
    se = boot.std()
    assert abs(ours.ci_low - brute.low) < 0.3 * se
    assert abs(ours.ci_high - brute.high) < 0.3 * se


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_eo_interval_is_the_folded_row_bootstrap_of_its_signed_gaps(data, method):
    """EO = max(|ΔTPR|, |ΔFPR|): each signed gap's row-bootstrap interval, folded at 0, maxed."""
    y, p, a = data
    folded, ses = [], []
    for gap, seed in ((_tpr_gap, 1), (_fpr_gap, 2)):
        theta, boot, jack = _brute_force(y, p, a, gap, np.random.default_rng(seed))
        folded.append(
            _fold(bootstrap_interval(theta, boot, jack, np.ones(len(jack)), method=method))
        )
        ses.append(boot.std())
    result = ethiclens.audit(y, p, a, reference="g0", n_boot=B, ci=method, random_state=3)
    ours = result.comparisons[0].metrics["equalized_odds_difference"]
    theta, _, _ = _brute_force(
        y, p, a, equalized_odds_difference, np.random.default_rng(0), n_boot=1
    )
    assert ours.value == pytest.approx(theta, abs=1e-12)
    assert ours.ci_method.startswith(method) and "folded at 0" in ours.ci_method
    se = max(ses)
    assert abs(ours.ci_low - max(f[0] for f in folded)) < 0.3 * se
    assert abs(ours.ci_high - max(f[1] for f in folded)) < 0.3 * se
    assert ours.ci_low <= ours.value <= ours.ci_high


def test_weighted_bootstrap_matches_row_bootstrap():
    rng = np.random.default_rng(11)
    y, p, a = make_binary_data(rng, [400, 400], [0.3, 0.5], base_rates=[0.5, 0.5])
    w = rng.uniform(0.2, 3.0, len(y))
    result = ethiclens.audit(
        y, p, a, reference="g1", sample_weight=w, n_boot=B, ci="percentile", random_state=5
    )
    ours = result.comparisons[0].metrics["disparate_impact"]

    def di(rows0, rows1):
        r0 = np.sum(w[rows0] * p[rows0]) / np.sum(w[rows0])
        r1 = np.sum(w[rows1] * p[rows1]) / np.sum(w[rows1])
        return r0 / r1

    i0, i1 = np.flatnonzero(a == "g0"), np.flatnonzero(a == "g1")
    brng = np.random.default_rng(2)
    boot = np.array([di(brng.choice(i0, len(i0)), brng.choice(i1, len(i1))) for _ in range(B)])
    assert ours.value == pytest.approx(di(i0, i1), abs=1e-12)
    lo, hi = np.quantile(boot, [0.025, 0.975])
    assert abs(ours.ci_low - lo) < 0.3 * boot.std()
    assert abs(ours.ci_high - hi) < 0.3 * boot.std()


def test_interval_method_names_fallbacks():
    boot = np.full(500, 0.7)
    iv = bootstrap_interval(0.7, boot, np.full(3, 0.7), np.ones(3))
    assert iv.degenerate and iv.method == "bca"
    iv = bootstrap_interval(0.5, np.linspace(0.6, 0.9, 500), None, None)
    assert iv.method.startswith("percentile (bca bias correction infinite)")
    iv = bootstrap_interval(0.7, np.linspace(0.6, 0.9, 500), np.array([0.7, np.nan]), np.ones(2))
    assert iv.method.startswith("bc (bca acceleration undefined")
    many_nan = np.r_[np.linspace(0.6, 0.9, 400), np.full(100, np.nan)]
    iv = bootstrap_interval(0.7, many_nan, None, None, method="percentile")
    assert not iv.defined and "undefined" in iv.method
    few_nan = np.r_[np.linspace(0.6, 0.9, 999), np.full(1, np.nan)]
    iv = bootstrap_interval(0.7, few_nan, None, None, method="percentile")
    assert iv.defined and "excluded" in iv.method
    iv = bootstrap_interval(float("nan"), boot, None, None)
    assert not iv.defined


def test_bca_falls_back_when_it_excludes_the_estimate():
    # |difference| near 0: replicates pile up above the estimate, BCa's bias correction runs to
    # the lowest quantiles and would exclude the estimate itself.
    rng = np.random.default_rng(0)
    boot = np.abs(rng.normal(0.0, 0.03, 2000))
    iv = bootstrap_interval(0.001, boot, np.r_[0.0, 0.002], np.array([1.0, 1.0]))
    assert iv.method == "percentile (bca interval excluded the estimate)"
    assert [iv.low, iv.high] == pytest.approx(np.quantile(boot, [0.025, 0.975]), rel=1e-12)


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_weighted_resample_of_a_never_selected_group_is_not_degenerate(method):
    # A group that is never selected has DI 0; resampling its rows keeps every replicate at 0,
    # so the weighted interval used to be [0, 0] while the unweighted one was not. Both now
    # draw that group from its Jeffreys posterior and say so (round 21).
    rng = np.random.default_rng(0)
    n = 600
    groups = np.where(np.arange(n) < 300, "a", "b")
    y = rng.integers(0, 2, n)
    pred = np.where(groups == "a", 0, rng.integers(0, 2, n))
    for weights in (None, rng.uniform(0.5, 2.0, n)):
        result = ethiclens.audit(
            y,
            pred,
            {"g": groups},
            sample_weight=weights,
            reference={"g": "b"},
            ci=method,
            n_boot=500,
            random_state=0,
        )
        di = result.to_dict()["comparisons"][0]["metrics"]["disparate_impact"]
        assert di["value"] == 0.0
        assert di["ci_low"] == 0.0 < di["ci_high"] < 0.1
        assert "Jeffreys posterior" in di["ci_method"]
