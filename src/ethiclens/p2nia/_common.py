"""Checks and constants shared by the protocol and the mechanisms (no imports of either)."""

from __future__ import annotations

import math

import numpy as np

# ε, δ and what counts as a number: one definition for every command (ethiclens._checks),
# re-exported here for the protocol and the mechanisms (quiet_nans: shared with the probes).
from .._checks import DELTA_MAX, EPSILON_MAX, check_delta, check_epsilon, names_words, quiet_nans
from .._checks import is_number as _is_number
from .._version import __version__
from ..errors import EthicLensInputError

__all__ = ["DELTA_MAX", "EPSILON_MAX", "check_delta", "check_epsilon", "_is_number", "quiet_nans"]

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
    terms = count if isinstance(count, int) and count > 0 else 1  # the sum's float noise
    delta = f", δ {sum_text(delta, terms)}" if _is_number(delta) else ""
    spent = sum_text(budget["cumulative_on_this_data"], terms)
    return (
        f"cumulative ε on this data {spent}{delta} over {count} release{'' if count == 1 else 's'}"
    )


def no_rows_held(groups: list) -> str:
    """What a refusal or an undefined metric says of groups that no released row holds, listed
    as every refusal lists names (:func:`names_words`: ``A, B``, not ``'A', 'B'``)."""
    return f"no released row holds the group{'s' * (len(groups) > 1)} {names_words(groups)}"


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
    if not math.isfinite(x):
        return f"{x:g}"
    shown, digits = f"{x:g}", repr(x)
    # a subnormal's :g may read back as it (9.99989e-321 is 1e-320): the shorter text then
    return shown if float(shown) == x and len(shown) <= len(digits) else digits


def sum_text(x, terms: int = 1) -> str:
    """A sum of budgets (a folder's cumulative ε or δ over ``terms`` releases) or a product
    (k·ε, ε/k) as the number it is: the fewest significant digits within its float noise (a
    few units in the last place per term), as :func:`number_text` writes them. Every digit
    its terms were given with (1.2345678 twice is 2.4691356, not ``:g``'s 2.46914; ε =
    1.0000000000001 once is itself, not 1), without a sum's float noise (0.1 three times is
    0.3, not 0.30000000000000004)."""
    value = _float(x)
    if not math.isfinite(value) or value == 0:
        return number_text(value)
    noise = 4 * min(max(terms, 1), 1 << 20) * math.ulp(value)  # a count as written, not 10**400
    for digits in range(1, 18):
        text = f"{value:.{digits}g}"
        if abs(float(text) - value) <= noise:
            return number_text(float(text))
    return number_text(value)


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
