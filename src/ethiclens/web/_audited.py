"""The threshold view's audited threshold: the one the audit's predictions correspond to.

The library marks one threshold as "audited" (``thresholds.threshold``, 0.5 unless given). An
audit's predictions may come from another one (``pred = score >= 0.7``): the view then marks
the threshold those predictions are of, found from the rows when they are exactly
``score >= t`` for a threshold ``t``, else the one the user gives; it never claims 0.5 unseen.
"""

from __future__ import annotations

import math

from ..errors import EthicLensInputError


def simplest_between(lo: float, hi: float) -> float | None:
    """The threshold with the fewest decimals in ``(lo, hi]`` and strictly inside (0, 1)
    (0.5, the library's default, when it lies there), else None. Every such threshold makes
    the same predictions: the one a person would have written is shown."""
    if lo < 0.5 <= hi:
        return 0.5
    for digits in range(1, 16):
        scale = 10**digits
        t = (math.floor(lo * scale) + 1) / scale
        if t <= lo:  # a product rounded down: the next step up
            t = (math.floor(lo * scale) + 2) / scale
        if lo < t <= hi and 0 < t < 1:
            return round(t, digits)
    return None


def inferred_threshold(pred, score, pos_label=None) -> float | None:
    """The threshold ``t`` for which the predictions are exactly ``score >= t`` on every row
    (:func:`simplest_between` of the gap between the highest score predicted negative and the
    lowest predicted positive), or None: no such ``t``, or only one kind of prediction."""
    from ..fairness import as_binary, as_scores

    positive = as_binary(pred, "y_pred", pos_label).astype(bool)
    scores = as_scores(score, len(positive))
    if positive.all() or not positive.any():
        return None
    lo, hi = float(scores[~positive].max()), float(scores[positive].min())
    return simplest_between(lo, hi) if lo < hi else None


FIX = "give the threshold the predictions used (e.g. 0.7) next to the Threshold view button"


def audited_of(spec: dict) -> float:
    """The threshold an audit's predictions correspond to, found from its rows (the audit's
    own request read again by the library); refused, with the fix of typing it, when they are
    not ``score >= t`` for one ``t`` or the rows are not read here (counted in a database)."""
    from ..spec import AuditSpec, load_target

    parsed = AuditSpec.from_dict(spec)
    try:
        loaded = load_target(parsed, "audit")
    except EthicLensInputError as exc:  # the audit read them: moved or changed since
        raise EthicLensInputError(
            f"the audit's rows cannot be read again to find the threshold they used: {exc}",
            column="threshold",
            fix=FIX,
        ) from None
    if loaded.is_counts or loaded.y_score is None or len(loaded.preds) != 1:
        raise EthicLensInputError(
            "the threshold the predictions used cannot be found here: their rows are counted "
            "where they are stored, not read",
            column="threshold",
            fix=FIX,
        )
    (pred,) = loaded.preds.values()
    found = inferred_threshold(pred, loaded.y_score, parsed.roles.pos_label)
    if found is None:
        raise EthicLensInputError(
            "the audit's predictions are not 'score >= t' for one threshold t, so the view "
            "cannot tell which threshold they used",
            column="threshold",
            fix=FIX,
        )
    return found
