"""Checks and constants shared by the protocol and the mechanisms (no imports of either)."""

from __future__ import annotations

import math

import numpy as np

from ..errors import EthicLensInputError

TABLE, MANIFEST = "release.csv", "manifest.json"
DELTA_MAX = 1e-3  # δ is the chance the guarantee fails outright; it must be far below 1/n′
EPSILON_MAX = 1e4  # beyond this GRR keeps every value with probability 1 − e^-10⁴: no privacy


def _is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(
        x, (bool, np.bool_)
    )


def check_epsilon(value, where: str = "--epsilon") -> float:
    """A finite ε in (0, EPSILON_MAX]; booleans, strings, lists and overflowing numbers are
    refused with the reason."""
    if not _is_number(value):
        raise EthicLensInputError(
            f"ε must be a number, not {type(value).__name__}",
            column=where,
            value=value,
            fix="give a number such as 1.0",
        )
    try:
        eps = float(value)
    except OverflowError:
        eps = math.inf
    if not math.isfinite(eps) or eps <= 0:
        raise EthicLensInputError(
            "ε must be a finite number > 0",
            column=where,
            value=value if isinstance(value, float) else "(huge)",
            fix="give a positive budget such as 1.0",
        )
    if eps > EPSILON_MAX:
        raise EthicLensInputError(
            f"ε = {eps:g} is above {EPSILON_MAX:g}: GRR would keep every value with "
            "probability 1 − e^-ε (no privacy at all) and the arithmetic overflows",
            column=where,
            fix=f"give ε <= {EPSILON_MAX:g}",
        )
    return eps


def check_delta(value, where: str = "--delta") -> float | None:
    if value is None:
        return None
    if not _is_number(value) or not math.isfinite(float(value)):
        raise EthicLensInputError(
            "δ must be a finite number (or absent)",
            column=where,
            value=value,
            fix="e.g. 1e-6, or leave it out",
        )
    delta = float(value)
    if not 0 < delta <= DELTA_MAX:
        raise EthicLensInputError(
            f"δ must be in (0, {DELTA_MAX:g}]: δ is the probability that the guarantee fails "
            "outright, so it must be far below 1/n′",
            column=where,
            value=value,
            fix="e.g. 1e-6 (GRR needs none: leave it out)",
        )
    return delta


def _close(a, b) -> bool:
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)


def _bad(problem: str, field: str | None = None, value=None):
    return EthicLensInputError(
        problem,
        column=f"{MANIFEST}{':' + field if field else ''}",
        value=value,
        fix="ask the platform for the original release "
        "(a manifest whose fields contradict each other is refused "
        "even when its hashes match)",
    )
