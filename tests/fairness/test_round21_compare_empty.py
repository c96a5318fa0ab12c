"""Round 21: the siblings of the audit's empty-cell intervals.

``compare(ci="percentile")`` resampled each group's joint cells from their observed shares, so a
group where both models select 0 of 300 stayed at 0 in every resample: B − A of its DI,
selection rate and TPR was exactly 0 [0, 0], no note (``ci="jeffreys"``: DI [−0.20, 0.05]). Now
a group with an empty cell in either model's own cells is drawn from the Jeffreys posterior of
its joint cells (the jeffreys draws), and its intervals' method says so as the audit's does.

``two_proportion_z_test`` on a weighted ``GroupCounts`` tested the row counts (z = +1.42 where the
weighted SPD is −0.37 and the audit's weighted z −4.47): now refused, pointing to the audit's.
"""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import GroupCounts, two_proportion_z_test
from ethiclens.fairness._engine import SMOOTHED_NOTE, SMOOTHED_WEIGHTED_NOTE

N_A, N_B = 5000, 300


def _both_select_none(ci):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, N_A + N_B)
    pa = np.r_[(rng.random(N_A) < 0.05).astype(int), np.zeros(N_B, int)]
    pb = np.r_[(rng.random(N_A) < 0.10).astype(int), np.zeros(N_B, int)]
    g = ["A"] * N_A + ["B"] * N_B
    return ethiclens.compare(y, pa, pb, {"g": g}, reference="A", n_boot=1000, ci=ci, random_state=0)


def _group_diff(c, group, metric):
    return next(d for d in c.group_differences if (d.group, d.metric) == (group, metric))


def test_percentile_compare_draws_a_group_that_selects_none_from_its_posterior():
    c = _both_select_none("percentile")
    for metric in ("disparate_impact", "statistical_parity_difference"):
        d = c.difference("g", "B", metric).difference
        assert d.ci_method.endswith(SMOOTHED_NOTE)
    di = c.difference("g", "B", "disparate_impact").difference
    assert di.value == 0.0
    assert di.ci_low < -0.1 and di.ci_high > 0.02  # was exactly [0, 0]; jeffreys [-0.20, 0.05]
    for metric in ("selection_rate", "true_positive_rate"):
        d = _group_diff(c, "B", metric).difference
        assert d.ci_low < 0 < d.ci_high  # was [0, 0]
        assert d.ci_method.endswith(SMOOTHED_NOTE)
        # group A has no empty cell: its own intervals are resampled, no note
        assert not _group_diff(c, "A", metric).difference.ci_method.endswith(SMOOTHED_NOTE)


def test_jeffreys_compare_is_unchanged_and_unnoted():
    c = _both_select_none("jeffreys")
    di = c.difference("g", "B", "disparate_impact").difference
    assert not di.ci_method.endswith(SMOOTHED_NOTE)
    assert di.ci_low == pytest.approx(-0.1998471142290465, rel=1e-12)
    assert di.ci_high == pytest.approx(0.05266560828311243, rel=1e-12)


def test_empty_joint_cells_alone_do_not_count():
    from ethiclens.fairness._compare import posterior_groups

    # group 0: the models agree on every row (joint cells (1, 0, y), (0, 1, y) empty), each
    # model's own cells full; group 1: both select none
    joint = np.array([[5, 6, 0, 0, 0, 0, 3, 4], [0, 0, 0, 0, 0, 0, 6, 7.0]])
    assert posterior_groups(joint, labelled=True) == frozenset({1})
    unlabelled = np.array([[5, 0, 0, 7], [0, 0, 0, 9.0]])  # (A, B) = (1, 1), (1, 0), (0, 1), (0, 0)
    assert posterior_groups(unlabelled, labelled=False) == frozenset({1})


def test_percentile_compare_of_ordinary_data_keeps_its_numbers():
    # group B's joint cells are partly empty (the models agree on all its rows), no model's are
    rng = np.random.default_rng(3)
    n = 400
    g = np.where(np.arange(n) < 250, "A", "B")
    y = rng.integers(0, 2, n)
    pa = (rng.random(n) < 0.4).astype(int)
    pb = pa.copy()
    pb[:20] = 1 - pb[:20]
    c = ethiclens.compare(
        y, pa, pb, {"g": g}, reference="A", n_boot=300, ci="percentile", random_state=5
    )
    di = c.difference("g", "B", "disparate_impact").difference  # the numbers before the fix
    assert (di.ci_low, di.ci_high) == pytest.approx(
        (-0.14119783819380682, 0.04555876652998637), rel=1e-12
    )
    sr = _group_diff(c, "A", "selection_rate").difference
    assert (sr.ci_low, sr.ci_high) == pytest.approx((-0.016, 0.052), rel=1e-12)
    tpr = _group_diff(c, "A", "true_positive_rate").difference
    assert (tpr.ci_low, tpr.ci_high) == pytest.approx((0.0, 0.09124519846350829), abs=1e-15)
    every = c.differences + c.group_differences
    assert not any(d.difference.ci_method.endswith(SMOOTHED_NOTE) for d in every)


def _weighted_counts(weights):
    codes = np.r_[np.zeros(100, int), np.ones(100, int)]
    pred = np.r_[np.ones(60, int), np.zeros(40, int), np.ones(50, int), np.zeros(50, int)]
    return GroupCounts.from_arrays("g", ["X", "R"], codes, 1 - pred, False, sample_weight=weights)


def test_public_z_test_refuses_weighted_counts():
    # the selected rows of X weigh 0.1: weighted rates 0.13 vs 0.5 (row counts: 0.6 vs 0.5)
    w = np.r_[np.full(60, 0.1), np.ones(140)]
    with pytest.raises(EthicLensInputError, match=r"weighted.*z_test"):
        two_proportion_z_test(_weighted_counts(w), 0, 1)


def test_public_z_test_takes_unit_weights_and_none():
    unweighted = two_proportion_z_test(_weighted_counts(None), 0, 1)
    assert unweighted["statistic"] == pytest.approx(1.4213381090374024)
    assert two_proportion_z_test(_weighted_counts(np.ones(200)), 0, 1) == unweighted


def _tp_empty_frame():
    # group B: no true positive (TP = 0) but 75 of 300 selected; group A ordinary
    rng = np.random.default_rng(1)
    y_a, p_a = np.arange(N_A) % 2, (rng.random(N_A) < 0.3).astype(int)
    y_b = np.arange(N_B) % 2
    p_b = np.where(y_b == 0, np.arange(N_B) % 4 == 0, 0).astype(int)
    return np.r_[y_a, y_b], np.r_[p_a, p_b], {"g": ["A"] * N_A + ["B"] * N_B}, rng


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("ci", ["bca", "percentile"])
def test_an_empty_label_cell_leaves_metrics_of_the_predictions_resampled(ci, weighted):
    y, p, sf, rng = _tp_empty_frame()
    w = rng.uniform(0.5, 2.0, len(y)) if weighted else None
    kwargs = {"reference": "A", "n_boot": 500, "ci": ci, "random_state": 0, "sample_weight": w}
    labelled = ethiclens.audit(y, p, sf, **kwargs)
    bare = ethiclens.audit(None, p, sf, **kwargs)
    metrics = labelled.comparison("g", "B").metrics
    note = SMOOTHED_WEIGHTED_NOTE if weighted else SMOOTHED_NOTE  # round 46: Kish cells said
    for name in ("disparate_impact", "statistical_parity_difference"):
        # was the posterior percentile with the note (DI [0.6677, 0.9966] where the audit
        # without labels gives BCa [0.6599, 0.9887])
        assert metrics[name].ci_method == bare.comparison("g", "B").metrics[name].ci_method
        assert note not in metrics[name].ci_method
    # the metrics that read the empty cell are still drawn from the posterior
    for name in ("equal_opportunity_difference", "accuracy_difference"):
        assert note in metrics[name].ci_method
    di, bare_di = metrics["disparate_impact"], bare.comparison("g", "B").metrics["disparate_impact"]
    assert di.ci_low == pytest.approx(bare_di.ci_low, abs=0.03)
    assert di.ci_high == pytest.approx(bare_di.ci_high, abs=0.03)
