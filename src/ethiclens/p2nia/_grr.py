"""Generalised randomised response (GRR) per column, and its exact debiasing.

A column with k values keeps its true value with probability p = e^ε / (e^ε + k − 1) and
otherwise reports one of the other k − 1 values uniformly. Its response matrix
M[reported, true] has p on the diagonal and (1 − p)/(k − 1) elsewhere; the largest likelihood
ratio between two true values for any report is p / ((1 − p)/(k − 1)) = e^ε: ε-LDP per column.
Releasing c columns of a record with budgets ε_1..ε_c is (Σ ε_i)-LDP for the record
(sequential composition), which is what the manifest states.

The auditor inverts the Kronecker product of the released columns' response matrices on the
observed (A, Y, Ŷ) joint (an unbiased estimate of the true joint) and projects it onto the
probability simplex before computing metrics.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .._checks import (
    argument_kinds,
    check_count,
    check_epsilon,
    each_kind,
    instance_kind,
    numbers_kind,
)
from ..errors import EthicLensInputError
from ._common import number_text

# Beyond this condition number the inverse keeps fewer than 4 significant digits of the counts
# (float64 carries 16), and the noise GRR adds at such an ε swamps any signal long before:
# such a budget is refused, never inverted into numbers (or a singular-matrix traceback).
MAX_CONDITION = 1e12
# the largest joint response matrix whose own condition number a refusal gives (an SVD of
# 4,000 rows, 1,000 groups' with labels and predictions, takes minutes): larger, its factors'
MAX_WHOLE = 512


def keep_probability(epsilon: float, k: int) -> float:
    """e^ε / (e^ε + k − 1), written as 1 / (1 + (k − 1)·e^-ε) so a large ε cannot overflow."""
    epsilon = check_epsilon(epsilon, "epsilon")
    k = check_count(k, "k", fix="the number of values the column takes, e.g. k=2 for 0/1")
    return 1.0 / (1.0 + (k - 1) * math.exp(-epsilon))


def response_matrix(epsilon: float, k: int) -> np.ndarray:
    p = keep_probability(epsilon, k)
    M = np.full((k, k), (1 - p) / (k - 1) if k > 1 else 0.0)
    np.fill_diagonal(M, p)
    return M


def check_invertible(factors, epsilon=None, where: str = "epsilon", kind=None) -> None:
    """Refuse a response matrix, the Kronecker product of ``factors``, too close to singular
    to invert (:data:`MAX_CONDITION`): its ε (``epsilon``, named ``where``, a ``kind`` as
    :class:`EthicLensInputError` takes) is too small. Its condition number is the product of
    the factors' (singular values multiply): no SVD of the whole (4,000 rows for 1,000 groups)
    unless refused, where the message gives the whole's, as it always did, up to
    :data:`MAX_WHOLE` rows."""
    condition = math.prod(np.linalg.cond(f) for f in factors)
    if condition > MAX_CONDITION and math.prod(len(f) for f in factors) <= MAX_WHOLE:
        condition = np.linalg.cond(functools.reduce(np.kron, factors))
    if condition <= MAX_CONDITION:
        return
    # ε as given (1e-320, not the 9.99989e-321 ':g' prints of that subnormal)
    budget = "its ε is" if epsilon is None else f"ε = {number_text(epsilon)} is"
    raise EthicLensInputError(
        f"{budget} too small: the randomized-response matrix cannot be inverted (condition "
        f"number {condition:.1e} > {MAX_CONDITION:.0e}), so the released counts cannot be "
        "debiased",
        column=where,
        kind=kind,
        fix="request (and release) again with a larger ε, e.g. 0.1 or more",
    )


def solve_response(factors, observed: np.ndarray, epsilon=None, where="epsilon", kind=None):
    """``M⁻¹ · observed`` (observed joints as columns), ``M`` the Kronecker product of
    ``factors``, refused when ``M`` is too close to singular (:func:`check_invertible`)."""
    check_invertible(factors, epsilon, where, kind)
    return np.linalg.solve(functools.reduce(np.kron, factors), observed)


@argument_kinds(
    codes=numbers_kind(1, whole=True),
    rng=instance_kind(np.random.Generator, "a numpy Generator", "e.g. np.random.default_rng(0)"),
)
def randomize(codes: np.ndarray, epsilon: float, k: int, rng: np.random.Generator) -> np.ndarray:
    """Apply k-ary randomised response to integer codes in [0, k)."""
    codes = np.asarray(codes)
    keep_p = keep_probability(epsilon, k)
    if codes.min() < 0 or codes.max() >= k:
        raise EthicLensInputError(
            f"must hold codes from 0 to k - 1 = {k - 1}",
            column="codes",
            kind="argument",
            fix="code the column's k values as 0..k-1",
        )
    keep = rng.random(len(codes)) < keep_p
    # A uniform draw among the k − 1 other values: shift by 1..k-1 modulo k.
    other = (codes + rng.integers(1, k, size=len(codes))) % k if k > 1 else codes
    return np.where(keep, codes, other)


def max_likelihood_ratio(M: np.ndarray) -> float:
    """max over reports r and true values x, x' of M[r, x] / M[r, x'] (ε-LDP ⇔ ≤ e^ε)."""
    return float((M.max(axis=1) / M.min(axis=1)).max())


def project_to_simplex(v: np.ndarray) -> np.ndarray:
    """Euclidean projection onto {x ≥ 0, Σx = 1} (Duchi et al. 2008)."""
    v = np.asarray(v, float).ravel()
    if not len(v) or not np.isfinite(v).all():
        raise EthicLensInputError(
            "must hold at least one value, each finite",
            column="v",
            value=v,
            fix="pass the debiased joint's cells (a NaN or inf: an earlier step failed)",
            kind="argument",
        )
    return project_rows_to_simplex(v)


def project_rows_to_simplex(V: np.ndarray) -> np.ndarray:
    """:func:`project_to_simplex` applied to every row of ``V`` at once (sorted per row)."""
    V = np.asarray(V, float)
    m = V.shape[-1]
    U = -np.sort(-V, axis=-1)
    css = np.cumsum(U, axis=-1)
    ks = np.arange(1, m + 1)
    cond = U * ks > (css - 1)
    rho = m - 1 - np.argmax(cond[..., ::-1], axis=-1)  # last index where cond holds
    theta = (np.take_along_axis(css, rho[..., None], axis=-1) - 1) / (rho[..., None] + 1.0)
    return np.maximum(V - theta, 0)


@argument_kinds(
    observed_joint=numbers_kind(),
    matrices=each_kind(numbers_kind(2), "a list of response matrices", "one per column"),
    project=instance_kind(bool, "True or False", "e.g. project=True"),
)
def debias(
    observed_joint: np.ndarray, matrices: list[np.ndarray], project: bool = True
) -> np.ndarray:
    """Estimate of the true joint from GRR output, projected to the simplex.

    ``observed_joint`` has one axis per released column, in the order of ``matrices``. The
    inverse itself (``project=False``) is exactly unbiased; the projection trades a little bias
    for a valid distribution, and metrics (ratios, maxima) of it are unbiased only as the noise
    shrinks (large ε or n′).
    """
    observed_joint = np.asarray(observed_joint, float)
    sizes = [np.shape(m) for m in matrices]
    if observed_joint.shape != tuple(s[0] for s in sizes) or any(a != b for a, b in sizes):
        raise EthicLensInputError(
            f"must be square, one per axis of observed_joint {observed_joint.shape}: {sizes}",
            column="matrices",
            kind="argument",
            fix="pass response_matrix(epsilon, k) for each released column, in its order",
        )
    raw = solve_response(matrices, observed_joint.ravel(), where="matrices", kind="argument")
    return (project_to_simplex(raw) if project else raw).reshape(observed_joint.shape)
