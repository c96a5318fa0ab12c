"""Round 21: the threshold view's intervals are the audit's rule at every threshold.

It drew score-bin cells with a prior of 1/(2·bins) each, so at threshold t the selected side's
prior was (#bins above t)/(2·bins): a group with 0 of 300 selected at 0.9 got a DI upper bound
of 0.031 at step 0.05 and 0.055 at step 0.3 (the audit of those predictions: about 0.09), and
covered a true DI of 0.1 at t = 0.95 in about 0.8 of samples, not 0.95. Each threshold's cells
are now drawn as the audit draws predictions thresholded there (Jeffreys), so the bound does not
depend on the grid, and at the audited threshold the intervals are the audit's at the same seed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens

N_A, N_B = 5000, 300


def _never_selected():
    """A's scores uniform; B's all 0.1, so B has 0 of 300 selected from 0.15 on."""
    rng = np.random.default_rng(0)
    scores = np.r_[rng.uniform(0, 1, N_A), np.full(N_B, 0.1)]
    return scores, pd.DataFrame({"g": ["A"] * N_A + ["B"] * N_B})


def _b_row(frame, threshold):
    rows = frame[(frame["group"] == "B") & np.isclose(frame["threshold"], threshold)]
    return rows.iloc[0]


def _upper(scores, groups, step, seed, **kw):
    table = ethiclens.threshold_table(
        None, scores, groups, reference="A", n_boot=4000, random_state=seed, step=step, **kw
    )
    return _b_row(table.frame, 0.9)["di_ci_high"]


def _jeffreys_upper(scores, level=0.95, draws=400_000):
    """The DI upper bound of 0/300 against A at 0.9 from the Jeffreys posteriors, to MC error."""
    rng = np.random.default_rng(12345)
    selected_a = int((scores[:N_A] >= 0.9).sum())
    b = rng.beta(0.5, N_B + 0.5, draws)
    a = rng.beta(selected_a + 0.5, N_A - selected_a + 0.5, draws)
    return float(np.quantile(b / a, 1 - (1 - level) / 2))


def test_zero_of_300_upper_bound_does_not_depend_on_the_step():
    scores, groups = _never_selected()
    fine = [_upper(scores, groups, 0.05, seed) for seed in range(3)]
    coarse = [_upper(scores, groups, 0.3, seed) for seed in range(3)]
    # the same posterior, other draws: equal to Monte Carlo error (was 0.031 vs 0.055)
    assert np.mean(fine) == pytest.approx(np.mean(coarse), rel=0.1)
    jeffreys = _jeffreys_upper(scores)  # about 0.084
    for bound in (*fine, *coarse):
        assert bound == pytest.approx(jeffreys, rel=0.2)


def test_at_the_audited_threshold_the_bound_is_the_audits_whatever_the_step():
    scores, groups = _never_selected()
    audit = ethiclens.audit(
        None, (scores >= 0.9).astype(int), groups, reference="A", n_boot=4000, random_state=3
    )
    expected = audit.comparisons[0].metrics["disparate_impact"].ci_high
    for step in (0.05, 0.3):
        assert _upper(scores, groups, step, 3, audited_threshold=0.9) == expected


def _data(seed=1, n=3000):
    rng = np.random.default_rng(seed)
    scores = rng.uniform(0, 1, n)
    labels = (rng.random(n) < scores).astype(int)
    race = rng.choice(["A", "B", "C"], n, p=[0.6, 0.3, 0.1])
    sex = rng.choice(["F", "M"], n)
    scores[race == "C"] *= 0.45  # C is never selected at 0.45
    groups = pd.DataFrame({"race": race, "sex": sex})
    return scores, labels, groups, rng.uniform(0.2, 3, n)


@pytest.mark.parametrize("labelled", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
def test_audited_threshold_intervals_are_the_audits(labelled, weighted):
    """DI and EO intervals at the audited threshold: the audit's (the same draws; weighted,
    to the last bits: the audit rounds weighted cells to be the same on every engine)."""
    scores, labels, groups, weights = _data()
    y = labels if labelled else None
    w = weights if weighted else None
    common = dict(sample_weight=w, n_boot=500, random_state=7, intersections=[["race", "sex"]])
    table = ethiclens.threshold_table(y, scores, groups, step=0.1, audited_threshold=0.45, **common)
    audit = ethiclens.audit(y, (scores >= 0.45).astype(int), groups, **common)
    frame = table.frame[table.frame["audited"]]
    metrics = {"di": "disparate_impact"}
    if labelled:
        metrics["eo"] = "equalized_odds_difference"
    checked = 0
    for comp in audit.comparisons:
        row = frame[(frame["attribute"] == comp.attribute) & (frame["group"] == comp.group)]
        for short, name in metrics.items():
            m = comp.metrics[name]
            got = row[[f"{short}_ci_low", f"{short}_ci_high"]].iloc[0].tolist()
            if m.ci_low is None:
                assert pd.isna(got).all()
                continue
            assert got == pytest.approx([m.ci_low, m.ci_high], rel=1e-9 if weighted else 0)
            checked += 1
    assert checked >= 6


def test_coverage_near_nominal_where_one_group_is_rarely_selected():
    """True DI 0.1 at t = 0.95 (A 5000 rows selected 5%, B 300 rows 0.5%): the view's interval
    covers it about as often as the audit's Jeffreys interval (was about 0.8)."""
    hits, reps = 0, 60
    groups = pd.DataFrame({"g": ["A"] * N_A + ["B"] * N_B})
    for r in range(reps):
        rng = np.random.default_rng(100 + r)
        a = rng.uniform(0, 1, N_A)
        b = np.where(rng.random(N_B) < 0.005, rng.uniform(0.95, 1, N_B), rng.uniform(0, 0.9, N_B))
        frame = ethiclens.threshold_table(
            None, np.r_[a, b], groups, reference="A", n_boot=400, random_state=r, step=0.05
        ).frame
        row = _b_row(frame, 0.95)
        hits += row["di_ci_low"] <= 0.1 <= row["di_ci_high"]
    assert hits / reps >= 0.9
