"""Fairness metrics of P2NIA from a joint distribution of (A, Y, Ŷ).

DP = |P(Ŷ=1|A=1) − P(Ŷ=1|A=0)|, EO = max_y |P(Ŷ=1|Y=y,A=0) − P(Ŷ=1|Y=y,A=1)|,
EOpp = |P(Ŷ=1|Y=1,A=0) − P(Ŷ=1|Y=1,A=1)| (the paper's definitions). With more than two groups
each is the largest gap between any two groups. Undefined (a zero-mass condition) is NaN.
"""

from __future__ import annotations

import numpy as np

METRICS = ("dp", "eo", "eopp")
NEEDS_Y = {"dp": False, "eo": True, "eopp": True}


def _cond(num, den):
    return num / den if den > 0 else np.nan


def _max_gap(values):
    if any(np.isnan(v) for v in values):
        return np.nan
    return float(max(values) - min(values))


def metrics_from_joint(joint: np.ndarray, metrics=METRICS) -> dict:
    """``joint``: probabilities of shape (|A|, 2, 2) indexed [a, y, ŷ], or (|A|, 2) [a, ŷ]."""
    out = {}
    if joint.ndim == 2:
        joint = joint[:, None, :]  # Y unknown: a single pseudo-label
    if "dp" in metrics:
        out["dp"] = _max_gap(
            [_cond(joint[a, :, 1].sum(), joint[a].sum()) for a in range(joint.shape[0])]
        )
    if joint.shape[1] == 2:
        tpr = [_cond(joint[a, 1, 1], joint[a, 1].sum()) for a in range(joint.shape[0])]
        fpr = [_cond(joint[a, 0, 1], joint[a, 0].sum()) for a in range(joint.shape[0])]
        if "eopp" in metrics:
            out["eopp"] = _max_gap(tpr)
        if "eo" in metrics:
            gaps = [_max_gap(tpr), _max_gap(fpr)]
            out["eo"] = np.nan if any(np.isnan(g) for g in gaps) else max(gaps)
    return out


def joint_from_codes(a, y, yhat, n_a: int, weights=None) -> np.ndarray:
    """Empirical joint (|A|, 2, 2) from integer codes."""
    flat = (np.asarray(a) * 2 + np.asarray(y)) * 2 + np.asarray(yhat)
    counts = np.bincount(flat, weights=weights, minlength=n_a * 4).astype(float)
    return (counts / counts.sum()).reshape(n_a, 2, 2)
