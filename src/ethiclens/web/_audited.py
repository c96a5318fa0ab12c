"""The threshold view's audited threshold: the one the audit's predictions correspond to.

The library marks one threshold as "audited" (``thresholds.threshold``, 0.5 unless given). An
audit's predictions may come from another one (``pred = score >= 0.7``): the view then marks
the threshold those predictions are of, found from the rows when they are exactly
``score >= t`` for a threshold ``t``, else the one the user gives (checked against the rows
when they are read); it never claims 0.5 unseen, nor a typed threshold the rows contradict.
"""

from __future__ import annotations

import math

from .._text import number_text
from ..errors import EthicLensInputError
from ..fairness import one_kind_thresholds, simplest_between


def consistent_range(positive, scores) -> tuple[float, float] | None:
    """``(lo, hi)``: the predictions ``positive`` are exactly ``scores >= t`` for every ``t``
    in ``(lo, hi]`` (an end infinite when one kind of prediction is missing), or None: no
    such ``t``."""
    lo = float(scores[~positive].max()) if (~positive).any() else -math.inf
    hi = float(scores[positive].min()) if positive.any() else math.inf
    return (lo, hi) if lo < hi else None


def _rows(pred, score, pos_label):
    from ..fairness import as_binary, as_scores

    positive = as_binary(pred, "y_pred", pos_label).astype(bool)
    return positive, as_scores(score, len(positive))


def inferred_threshold(pred, score, pos_label=None) -> float | None:
    """The threshold ``t`` for which the predictions are exactly ``score >= t`` on every row
    (:func:`simplest_between` of the gap between the highest score predicted negative and the
    lowest predicted positive), or None: no such ``t``, or only one kind of prediction."""
    found = consistent_range(*_rows(pred, score, pos_label))
    if found is None or not all(math.isfinite(end) for end in found):
        return None
    return simplest_between(*found)


NO_ONE = (
    "these predictions are not 'score >= t' for any one threshold t of this score, so no "
    "threshold is theirs: audit the predictions your threshold makes (score >= t) with this "
    "score, then open the view"
)


def checked_threshold(typed: float, pred, score, pos_label=None) -> float:
    """``typed`` when the predictions are exactly ``score >= typed`` on every row; else
    refused, by the threshold field, with how many rows it predicts otherwise and the
    thresholds the predictions are of (if any): a typed threshold is never marked as the
    audited one unchecked."""
    positive, scores = _rows(pred, score, pos_label)
    differ = int(((scores >= typed) != positive).sum())
    if differ == 0:
        return typed
    found = consistent_range(positive, scores)
    if found is None:
        fix = NO_ONE
    else:
        lo, hi = found
        above = "" if math.isinf(lo) else f"above {number_text(lo)}"
        upto = "" if math.isinf(hi) else f"up to {number_text(hi)}"
        inferred = inferred_threshold(pred, score, pos_label)
        empty = ""
        if inferred:
            empty = f"leave the field empty (the rows say {number_text(inferred)}), or "
        fix = f"{empty}type a threshold {' '.join(w for w in (above, upto) if w)}"
    raise EthicLensInputError(
        f"{number_text(typed)} is not the threshold the audit's predictions used: score >= "
        f"{number_text(typed)} "
        f"predicts {differ:,} of the {len(positive):,} rows otherwise than they do",
        column="threshold",
        fix=fix,
    )


FIX = "give the threshold the predictions used (e.g. 0.7) next to the Threshold view button"


def audited_of(spec: dict, typed: float | None = None) -> float:
    """The threshold an audit's predictions correspond to, found from its rows (the audit's
    own request read again by the library); refused, with the fix of typing it, when they are
    not ``score >= t`` for one ``t`` or the rows are not read here (counted in a database).
    ``typed``: the threshold the user gave, checked against the rows when they are read
    (:func:`checked_threshold`), taken as given only when they cannot be."""
    from ..spec import AuditSpec, loaded_target

    parsed, unread = AuditSpec.from_dict(spec), None
    try:
        loaded = loaded_target(parsed, "audit")
    except EthicLensInputError as exc:  # the audit read them: moved or changed since
        unread = f"the audit's rows cannot be read again to find the threshold they used: {exc}"
    else:
        if loaded.is_counts or loaded.y_score is None or len(loaded.preds) != 1:
            unread = (
                "the threshold the predictions used cannot be found here: their rows are counted "
                "where they are stored, not read"
            )
    if unread is not None:  # the typed threshold as given, else refused
        if typed is not None:
            return typed
        raise EthicLensInputError(unread, column="threshold", fix=FIX)
    (pred,) = loaded.preds.values()
    if typed is not None:
        return checked_threshold(typed, pred, loaded.y_score, parsed.roles.pos_label)
    found = inferred_threshold(pred, loaded.y_score, parsed.roles.pos_label)
    if found is None:
        rows = _rows(pred, loaded.y_score, parsed.roles.pos_label)
        if one_kind := one_kind_thresholds(*rows):  # any threshold of a range makes them
            words, example = one_kind
            raise EthicLensInputError(
                f"the audit's rows cannot tell which threshold its predictions used: {words}",
                column="threshold",
                fix=FIX.replace("0.7", number_text(example)) if example else FIX,
            )
        raise EthicLensInputError(
            "the audit's predictions are not 'score >= t' for one threshold t, so the view "
            "cannot tell which threshold they used",
            column="threshold",
            fix=NO_ONE if consistent_range(*rows) is None else FIX,
        )
    return found
