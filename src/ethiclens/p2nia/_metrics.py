"""P2NIA's fairness metrics as thin definitions over the fairness core's confusion cells.

DP = |P(Ŷ=1|A=1) − P(Ŷ=1|A=0)|, EO = max_y |P(Ŷ=1|Y=y,A=0) − P(Ŷ=1|Y=y,A=1)|,
EOpp = |P(Ŷ=1|Y=1,A=0) − P(Ŷ=1|Y=1,A=1)| (the paper's definitions). With more than two groups
each is the largest gap between any two groups. Undefined (a zero-mass condition) is NaN.

A joint of (A, Y, Ŷ) indexed [a, y, ŷ] is turned into the core's cells per group (``tp, fp,
fn, tn``; ``pos, neg`` without Y, see ``fairness.GroupCounts``) and the rates come from the
core's ``selection_rate``, ``true_positive_rate`` and ``false_positive_rate``. Every function
broadcasts over leading axes, so one call computes a point estimate or a thousand replicates.
"""

from __future__ import annotations

import numpy as np

from ..fairness import false_positive_rate, selection_rate, true_positive_rate

METRICS = ("dp", "eo", "eopp")
NEEDS_Y = {"dp": False, "eo": True, "eopp": True}


def cells_from_joint(joint: np.ndarray, labelled: bool) -> np.ndarray:
    """Cells per group from a joint (..., |A|, 2, 2) [a, y, ŷ] (``labelled``) or (..., |A|, 2)
    [a, ŷ]: shape (..., |A|, 4) as ``tp, fp, fn, tn`` or (..., |A|, 2) as ``pos, neg``."""
    joint = np.asarray(joint, float)
    if labelled:
        return np.stack(
            [joint[..., 1, 1], joint[..., 0, 1], joint[..., 1, 0], joint[..., 0, 0]], axis=-1
        )
    return np.stack([joint[..., 1], joint[..., 0]], axis=-1)


def signed_gaps(cells: np.ndarray, labelled: bool, metric: str) -> list[np.ndarray]:
    """The signed gaps whose largest absolute value is ``metric``: r_i − r_j for every pair
    i < j of groups (last axis, (..., pairs)), of each rate the metric compares (DP: the
    selection rate; EOpp: the TPR; EO: the TPR and the FPR)."""
    cells = np.asarray(cells, float)
    rates = {
        "dp": lambda: [selection_rate(cells, labelled)],
        "eopp": lambda: [true_positive_rate(cells)],
        "eo": lambda: [true_positive_rate(cells), false_positive_rate(cells)],
    }[metric]()
    i, j = np.triu_indices(rates[0].shape[-1], k=1)
    return [r[..., i] - r[..., j] for r in rates]


def _max_gap(rates: np.ndarray) -> np.ndarray:
    """Largest gap between groups (last axis); NaN when any group's rate is undefined."""
    return rates.max(axis=-1) - rates.min(axis=-1)


def metrics_from_cells(cells: np.ndarray, labelled: bool, metrics=METRICS) -> dict:
    """DP (and, with labels, EO and EOpp) from per-group cells (..., |A|, n_cells)."""
    cells = np.asarray(cells, float)
    out = {}
    if "dp" in metrics:
        out["dp"] = _max_gap(selection_rate(cells, labelled))
    if labelled:
        tpr_gap = _max_gap(true_positive_rate(cells))
        if "eopp" in metrics:
            out["eopp"] = tpr_gap
        if "eo" in metrics:
            # np.maximum propagates NaN: an undefined TPR or FPR leaves EO undefined.
            out["eo"] = np.maximum(tpr_gap, _max_gap(false_positive_rate(cells)))
    return out


def metrics_from_joint(joint: np.ndarray, metrics=METRICS) -> dict:
    """``joint``: probabilities (or counts) of shape (|A|, 2, 2) indexed [a, y, ŷ], or (|A|, 2)
    [a, ŷ] (DP only). Returns floats, NaN where undefined."""
    joint = np.asarray(joint, float)
    labelled = joint.ndim == 3
    return {
        k: float(v)
        for k, v in metrics_from_cells(cells_from_joint(joint, labelled), labelled, metrics).items()
    }


def joint_from_codes(a, y, yhat, n_a: int, weights=None) -> np.ndarray:
    """Empirical joint (|A|, 2, 2) from integer codes."""
    flat = (np.asarray(a) * 2 + np.asarray(y)) * 2 + np.asarray(yhat)
    counts = np.bincount(flat, weights=weights, minlength=n_a * 4).astype(float)
    return (counts / counts.sum()).reshape(n_a, 2, 2)
