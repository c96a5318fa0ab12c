"""Checks and constants shared by the protocol and the mechanisms (no imports of either)."""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation, getcontext

import numpy as np
import pandas as pd

# ε, δ and what counts as a number: one definition for every command (ethiclens._checks),
# re-exported here for the protocol and the mechanisms.
from .._checks import DELTA_MAX, EPSILON_MAX, check_delta, check_epsilon
from .._checks import is_number as _is_number
from .._version import __version__
from ..errors import EthicLensInputError

__all__ = ["DELTA_MAX", "EPSILON_MAX", "check_delta", "check_epsilon", "_is_number"]

TABLE, MANIFEST = "release.csv", "manifest.json"


def article(name: str) -> str:
    """ "an" before a mechanism's name in capitals, read letter by letter or as a word that
    sounds a vowel first (an MST, an AIM), "a" otherwise (a GRR)."""
    return "an" if name[:1].upper() in "AEFHILMNORSX" else "a"


def budget_note(manifest: dict) -> str:
    """The cumulative budget a tracking manifest records (``cumulative ε on this data 20 over
    4 releases``), or "" when it tracks none."""
    budget = manifest.get("budget")
    if not isinstance(budget, dict):
        return ""
    count, delta = budget.get("releases", 1), budget.get("cumulative_delta_on_this_data")
    delta = f", δ {number_text(delta)}" if _is_number(delta) else ""
    return (
        f"cumulative ε on this data {budget['cumulative_on_this_data']:g}{delta} over {count} "
        f"release{'' if count == 1 else 's'}"
    )


def no_rows_held(groups: list) -> str:
    """What a refusal or an undefined metric says of groups that no released row holds."""
    return (
        f"no released row holds the group{'s' * (len(groups) > 1)} {', '.join(map(repr, groups))}"
    )


def _float(x) -> float:
    """``float(x)``; an int past a float's range (10**400, in an edited manifest) as ±inf,
    which no check takes, not float()'s OverflowError traceback."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def _close(a, b) -> bool:
    return math.isclose(_float(a), _float(b), rel_tol=1e-9, abs_tol=1e-12)


def same_budget(a, b) -> bool:
    """Two ε (or δ, None for none) of one request: equal to 1e-9, or one of them exactly the
    float32 rounding of the other, as an EthicLens before round 34 recorded a float32 ε
    (``np.float32(5.1)``: 5.099999904632568) that is now read as the 5.1 it prints as."""
    if not (_is_number(a) and _is_number(b)):
        return a == b
    a, b = _float(a), _float(b)
    return _close(a, b) or a == float(np.float32(b)) or b == float(np.float32(a))


def number_text(x) -> str:
    """``x`` as ``:g`` prints it where that is the number (5.1, 1e-07), else every digit
    (5.099999904632568, not the 5.1 it rounds to): the ε or δ a result rests on, exactly."""
    x = _float(x)
    return f"{x:g}" if not math.isfinite(x) or float(f"{x:g}") == x else repr(x)


INVALID_FIX = (
    "ask the platform for a new release: the manifest was damaged or tampered with, and a "
    "release's ε and δ are the platform's to state, not the auditor's to change"
)

# a manifest lacking keys a release writes: edited, or written by an older EthicLens
LACKING_FIX = (
    "ask the platform for the original release; one written by an older EthicLens, which "
    f"lacks these keys, is to be released again by a platform running ethiclens {__version__}"
)


def _bad(problem: str, field: str | None = None, value=None, fix: str | None = None):
    return EthicLensInputError(
        problem,
        column=f"{MANIFEST}{':' + field if field else ''}",
        kind="key" if field else "file",
        value=value,
        fix=fix
        or "ask the platform for the original release "
        "(a manifest whose fields contradict each other is refused "
        "even when its hashes match)",
    )


def manifest_number(check, value, field: str):
    """``check(value)`` (:func:`check_epsilon`, :func:`check_delta`) of the manifest's key
    ``field``, refused as an invalid manifest (not as an option the auditor could change); an
    int past a float's range (δ = 10**400) is refused by the check itself."""
    try:
        return check(value, f"{MANIFEST}:{field}")
    except EthicLensInputError as exc:
        raise _bad(f"invalid manifest: {exc.problem}", field, exc.value, INVALID_FIX) from None


def _quiet(value):
    """A signalling decimal NaN as the quiet one (a missing value); any other value as is."""
    return Decimal("NaN") if isinstance(value, Decimal) and value.is_snan() else value


def _has_snan(column: pd.Series) -> bool:
    """Whether an object column holds a ``Decimal('sNaN')`` (pandas' isna raises on it)."""
    try:
        column.isna()
    except InvalidOperation:
        return True
    if not getcontext().traps[InvalidOperation]:  # a context that does not trap: look
        return any(isinstance(v, Decimal) and v.is_snan() for v in column)
    return False


def quiet_nans(values):
    """``values`` (a DataFrame, a Series, a list or an array) with every ``Decimal('sNaN')`` (a
    SQL NUMERIC's) the ``Decimal('NaN')`` it reads as: the missing value every check refuses
    by name, not a hash's TypeError or pandas' InvalidOperation traceback. Unchanged (not
    copied) where none is."""
    if isinstance(values, pd.DataFrame):
        odd = [i for i, t in enumerate(values.dtypes) if str(t) == "object"]
        odd = [i for i in odd if _has_snan(values.iloc[:, i])]
        if odd:
            values = values.copy()
            for i in odd:
                values.isetitem(i, quiet_nans(values.iloc[:, i]))
        return values
    if isinstance(values, pd.Series):
        if values.dtype != object or not _has_snan(values):
            return values
        cells = [_quiet(v) for v in values]
        return pd.Series(cells, index=values.index, name=values.name, dtype=object)
    if isinstance(values, list | tuple) and any(_quiet(v) is not v for v in values):
        return [_quiet(v) for v in values]
    if isinstance(values, np.ndarray) and values.dtype == object:
        flat = values.ravel()
        if any(_quiet(v) is not v for v in flat):
            return np.array([_quiet(v) for v in flat], dtype=object).reshape(values.shape)
    return values
