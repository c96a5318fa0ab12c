"""Fairness metrics as vectorised functions of confusion cells.

Every function takes arrays whose last axis holds the cells (``tp, fp, fn, tn`` or
``pos, neg``) and broadcasts over the leading axes, so the same code computes a point estimate,
a thousand bootstrap replicates or every jackknife leave-one-out at once. Undefined values
(a zero denominator) are NaN here and become ``null`` in reports, never 0 or inf.
"""

from __future__ import annotations

import numpy as np


def _ratio(num, den):
    num, den = np.broadcast_arrays(np.asarray(num, float), np.asarray(den, float))
    out = np.full(num.shape, np.nan)
    np.divide(num, den, out=out, where=den > 0)
    return out


def selection_rate(cells, labelled: bool):
    """P(Ŷ = 1) from cells."""
    cells = np.asarray(cells, float)
    pos = cells[..., 0] + cells[..., 1] if labelled else cells[..., 0]
    return _ratio(pos, cells.sum(axis=-1))


def true_positive_rate(cells):
    return _ratio(cells[..., 0], cells[..., 0] + cells[..., 2])


def false_positive_rate(cells):
    return _ratio(cells[..., 1], cells[..., 1] + cells[..., 3])


def positive_predictive_value(cells):
    return _ratio(cells[..., 0], cells[..., 0] + cells[..., 1])


def base_rate(cells):
    return _ratio(cells[..., 0] + cells[..., 2], cells.sum(axis=-1))


def accuracy(cells):
    return _ratio(cells[..., 0] + cells[..., 3], cells.sum(axis=-1))


def theil_index(cells):
    """Generalised entropy (α = 1) of the benefit b = ŷ − y + 1, as AIF360 defines it.

    b is 1 for TP and TN, 2 for FP and 0 for FN (0·ln 0 = 0), so the index is a function of the
    cells: GE(1) = (1/n) Σ (b/μ) ln(b/μ) with μ = (TP + TN + 2·FP) / n. Undefined when μ = 0.
    """
    cells = np.asarray(cells, float)
    tp, fp, fn, tn = (cells[..., i] for i in range(4))
    n = tp + fp + fn + tn
    mu = _ratio(tp + tn + 2 * fp, n)
    with np.errstate(all="ignore"):
        inv = 1.0 / mu
        ones = (tp + tn) * inv * np.log(inv)
        twos = np.where(fp > 0, fp * 2 * inv * np.log(2 * inv), 0.0)
        return np.where(mu > 0, (ones + twos) / n, np.nan)


# Per-group statistics shown in reports; "needs_labels" decides the floor that applies.
GROUP_METRICS = {
    "selection_rate": (lambda c, lab: selection_rate(c, lab), False),
    "base_rate": (lambda c, lab: base_rate(c), True),
    "accuracy": (lambda c, lab: accuracy(c), True),
    "true_positive_rate": (lambda c, lab: true_positive_rate(c), True),
    "false_positive_rate": (lambda c, lab: false_positive_rate(c), True),
    "positive_predictive_value": (lambda c, lab: positive_predictive_value(c), True),
    "theil_index": (lambda c, lab: theil_index(c), True),
}


def disparate_impact(g, r, labelled):
    """r_0 / r_1: comparison group's selection rate over the reference group's."""
    return _ratio(selection_rate(g, labelled), selection_rate(r, labelled))


def statistical_parity_difference(g, r, labelled):
    return selection_rate(g, labelled) - selection_rate(r, labelled)


def equal_opportunity_difference(g, r, labelled=True):
    return np.abs(true_positive_rate(g) - true_positive_rate(r))


def fpr_balance(g, r, labelled=True):
    return np.abs(false_positive_rate(g) - false_positive_rate(r))


def equalized_odds_difference(g, r, labelled=True):
    # np.maximum propagates NaN: an undefined TPR or FPR leaves EO undefined, never zero.
    return np.maximum(
        equal_opportunity_difference(g, r), fpr_balance(g, r)
    )


def predictive_parity_difference(g, r, labelled=True):
    return np.abs(positive_predictive_value(g) - positive_predictive_value(r))


def theil_difference(g, r, labelled=True):
    return theil_index(g) - theil_index(r)


# name -> (function of (group cells, reference cells, labelled), needs labels)
COMPARISON_METRICS = {
    "disparate_impact": (disparate_impact, False),
    "statistical_parity_difference": (statistical_parity_difference, False),
    "equalized_odds_difference": (equalized_odds_difference, True),
    "equal_opportunity_difference": (equal_opportunity_difference, True),
    "predictive_parity_difference": (predictive_parity_difference, True),
    "fpr_balance": (fpr_balance, True),
    "theil_difference": (theil_difference, True),
}


def calculate_disparate_impact(privileged_rate: float, unprivileged_rate: float) -> float:
    """Disparate impact r_0 / r_1 (unprivileged over privileged selection rate).

    Raises
    ------
    ValueError
        When the privileged rate is zero: the ratio is undefined, not 0 or inf.
    """
    if privileged_rate == 0:
        raise ValueError(
            "disparate impact is undefined: the privileged (reference) group's selection rate "
            "is 0, so r_0 / r_1 has a zero denominator"
        )
    return unprivileged_rate / privileged_rate


COMPOSITE_WEIGHTS = {"di": 0.40, "spd": 0.35, "eo": 0.25}
COMPOSITE_BANDS = ((0.60, "High Risk"), (0.80, "Medium Risk"), (float("inf"), "Low Risk"))


def compute_composite_bias_score(di: float, spd: float, eo: float) -> float:
    """Composite Bias Score in [0, 1], higher = fairer (see docs/adr/0001-composite-weights.md).

    g_DI = min(DI, 1/DI), g_SPD = 1 − min(|SPD|, 1), g_EO = 1 − min(|EO|, 1);
    score = clamp(0.40·g_DI + 0.35·g_SPD + 0.25·g_EO, 0, 1), rounded to 4 decimals (the score is
    a triage number; the rounding keeps the documented worked example exact in binary floating
    point).
    """
    values = {"DI": di, "SPD": spd, "EO": eo}
    for name, v in values.items():
        if v is None or not np.isfinite(v):
            raise ValueError(f"composite needs a finite {name}; got {v!r} (missing is never 0)")
    if di < 0:
        raise ValueError(f"DI must be >= 0; got {di!r}")
    g_di = 0.0 if di == 0 else min(di, 1.0 / di)
    g_spd = 1.0 - min(abs(spd), 1.0)
    g_eo = 1.0 - min(abs(eo), 1.0)
    w = COMPOSITE_WEIGHTS
    score = w["di"] * g_di + w["spd"] * g_spd + w["eo"] * g_eo
    return round(min(max(score, 0.0), 1.0), 4)


def composite_band(score: float) -> str:
    for upper, band in COMPOSITE_BANDS:
        if score < upper:
            return band
    raise AssertionError("unreachable")
