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

from .._checks import argument_kinds, choice_error, instance_kind, numbers_kind, whole_kind
from ..errors import EthicLensInputError
from ..fairness import false_positive_rate, selection_rate, true_positive_rate

METRICS = ("dp", "eo", "eopp")
NEEDS_Y = {"dp": False, "eo": True, "eopp": True}


def _metric_names(value, name: str) -> None:
    """An argument kind: a list or tuple of P2NIA's metric names (a set has no order, text
    is read letter by letter, an unknown name had been left out silently)."""
    fix = "e.g. ['dp', 'eo', 'eopp']"
    instance_kind(list | tuple, "a list of metric names", fix)(value, name)
    for metric in value:
        if not isinstance(metric, str) or metric not in METRICS:
            raise choice_error(metric, METRICS, column=name, kind="argument")


# The primitives' arguments (exported: the experiments and reproduction scripts call them)
_JOINT = numbers_kind()
_LABELLED = instance_kind(bool | np.bool_, "True or False", "labelled=True when the joint holds Y")


def _check_last_axes(values, name: str, axes: tuple, what: str) -> None:
    """``values`` (an array) refused by ``name`` unless its last axes are ``axes`` with one
    more before them (the groups)."""
    shape = np.shape(values)
    if len(shape) < len(axes) + 1 or tuple(shape[-len(axes) :]) != axes:
        raise EthicLensInputError(
            f"must have shape (groups, {', '.join(map(str, axes))}) ({what}), not {shape}",
            column=name,
            kind="argument",
            fix="pass the joint or cells an earlier P2NIA step returned",
        )


def _check_codes(codes: dict, n_a: int, weights) -> None:
    """joint_from_codes' codes: one per row each, groups in [0, n_a), labels 0 or 1; weights
    (if any) one per row, finite and at least 0."""
    given = {**codes, **({} if weights is None else {"weights": weights})}
    rows = len(codes["a"])
    for name, values in given.items():
        values = np.asarray(values, float)
        top = n_a if name == "a" else 2
        if len(values) != rows:
            problem = f"must hold one value per row of a ({rows:,}), not {len(values):,}"
        elif name == "weights":
            ok = np.isfinite(values).all() and (values >= 0).all()
            problem = None if ok else "must hold finite weights of at least 0"
        else:
            ok = values.min() >= 0 and values.max() < top
            problem = None if ok else f"must hold codes from 0 to {top - 1}"
        if problem:
            raise EthicLensInputError(
                problem,
                column=name,
                kind="argument",
                fix="code groups 0..n_a-1 and labels 0/1, one of each per row (weights: >= 0)",
            )


@argument_kinds(joint=_JOINT, labelled=_LABELLED)
def cells_from_joint(joint: np.ndarray, labelled: bool) -> np.ndarray:
    """Cells per group from a joint (..., |A|, 2, 2) [a, y, ŷ] (``labelled``) or (..., |A|, 2)
    [a, ŷ]: shape (..., |A|, 4) as ``tp, fp, fn, tn`` or (..., |A|, 2) as ``pos, neg``."""
    joint = np.asarray(joint, float)
    _check_last_axes(joint, "joint", (2, 2) if labelled else (2,), "[a, y, ŷ] or [a, ŷ]")
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


@argument_kinds(cells=_JOINT, labelled=_LABELLED, metrics=_metric_names)
def metrics_from_cells(cells: np.ndarray, labelled: bool, metrics=METRICS) -> dict:
    """DP (and, with labels, EO and EOpp) from per-group cells (..., |A|, n_cells)."""
    cells = np.asarray(cells, float)
    _check_last_axes(cells, "cells", (4,) if labelled else (2,), "tp, fp, fn, tn or pos, neg")
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


@argument_kinds(joint=_JOINT, metrics=_metric_names)
def metrics_from_joint(joint: np.ndarray, metrics=METRICS) -> dict:
    """``joint``: probabilities (or counts) of shape (|A|, 2, 2) indexed [a, y, ŷ], or (|A|, 2)
    [a, ŷ] (DP only). Returns floats, NaN where undefined."""
    joint = np.asarray(joint, float)
    labelled = joint.ndim == 3
    return {
        k: float(v)
        for k, v in metrics_from_cells(cells_from_joint(joint, labelled), labelled, metrics).items()
    }


@argument_kinds(
    a=numbers_kind(1, whole=True),
    y=numbers_kind(1, whole=True),
    yhat=numbers_kind(1, whole=True),
    n_a=whole_kind(1, 10**6, fix="the number of groups, e.g. 2"),
    weights=numbers_kind(1),
)
def joint_from_codes(a, y, yhat, n_a: int, weights=None) -> np.ndarray:
    """Empirical joint (|A|, 2, 2) from integer codes."""
    _check_codes({"a": a, "y": y, "yhat": yhat}, n_a, weights)
    flat = (np.asarray(a) * 2 + np.asarray(y)) * 2 + np.asarray(yhat)
    counts = np.bincount(flat, weights=weights, minlength=n_a * 4).astype(float)
    return (counts / counts.sum()).reshape(n_a, 2, 2)
