"""Per-group AUC from score counts, with DeLong's interval.

Each group's rows are counted per (distinct score, label): the AUC (Mann–Whitney, ties count
one half, equal to scikit-learn's ``roc_auc_score``) and DeLong's variance both follow from
those counts, since every positive with the same score has the same placement among the
negatives (and vice versa). The interval is normal on logit(AUC) and mapped back, so it stays
inside [0, 1]; at an AUC of exactly 0 or 1 it is not reported (the variance estimate is 0).
"""

from __future__ import annotations

import functools
from statistics import NormalDist

import numpy as np
import pandas as pd

from .._checks import check_level
from ..errors import EthicLensInputError
from ._keywords import UnknownKeywordError, refusing_unknown_keywords
from ._validate import aligned_rows, as_binary, as_scores, encode_groups

AUC_CI_METHOD = "DeLong variance from score counts, normal interval on logit(AUC)"


def auc_from_counts(pos: np.ndarray, neg: np.ndarray) -> tuple[float, float]:
    """AUC and DeLong's variance from counts of positives and negatives per distinct score
    (ascending scores). NaN when a label is absent."""
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    n_pos, n_neg = pos.sum(), neg.sum()
    if n_pos == 0 or n_neg == 0:
        return float("nan"), float("nan")
    neg_below = np.cumsum(neg) - neg
    pos_above = n_pos - np.cumsum(pos)
    # placement of a positive at score u among the negatives, and of a negative among positives
    v10 = (neg_below + 0.5 * neg) / n_neg
    v01 = (pos_above + 0.5 * pos) / n_pos
    auc = float((pos * v10).sum() / n_pos)
    var10 = ((pos * (v10 - auc) ** 2).sum() / (n_pos - 1)) if n_pos > 1 else np.nan
    var01 = ((neg * (v01 - auc) ** 2).sum() / (n_neg - 1)) if n_neg > 1 else np.nan
    return auc, float(var10 / n_pos + var01 / n_neg)


def score_order(scores) -> tuple[np.ndarray, np.ndarray]:
    """Rows in ascending score order and each sorted row's tie id (equal scores, equal id):
    one sort per audit, shared by every attribute's :func:`auc_by_group`."""
    scores = np.asarray(scores, float)
    order = np.argsort(scores)  # ties are pooled by tie id, so their order does not matter
    s = scores[order]
    tie = np.zeros(len(s), np.int64)
    if len(s) > 1:
        np.cumsum(s[1:] != s[:-1], out=tie[1:])
    return order, tie


def auc_by_group(scores, true, codes, n_groups: int, order=None) -> list[tuple[float, float]]:
    """AUC and DeLong's variance of each group coded ``0 .. n_groups - 1`` (codes < 0 are
    skipped), from each group's counts per (distinct score, label). ``order``: the
    :func:`score_order` of ``scores`` when already computed. Time: one sort of the scores
    plus a stable sort of the small-integer codes; memory grows with the rows, not with
    groups x distinct scores."""
    order, tie = score_order(scores) if order is None else order
    c = np.asarray(codes)[order]
    dtype = np.int16 if n_groups < 2**15 else np.int64  # radix sort for small codes
    by_group = np.argsort(c.astype(dtype), kind="stable")  # score order kept within a group
    c, t = c[by_group], tie[by_group]
    positive = np.asarray(true)[order][by_group].astype(bool)
    bounds = np.searchsorted(c, np.arange(n_groups + 1))
    out = []
    for g in range(n_groups):
        lo, hi = bounds[g], bounds[g + 1]
        if hi == lo:
            out.append((float("nan"), float("nan")))
            continue
        ties, pos = t[lo:hi], positive[lo:hi]
        starts = np.r_[0, np.flatnonzero(ties[1:] != ties[:-1]) + 1]
        n_pos = np.add.reduceat(pos.astype(np.int64), starts)
        n_all = np.diff(np.r_[starts, hi - lo])
        out.append(auc_from_counts(n_pos, n_all - n_pos))
    return out


def missing_labels(positives: int, negatives: int) -> str:
    """Which label a group whose AUC is undefined has no rows of ("the group has no negative
    labels"): AUC ranks each positive against each negative."""
    missing = [w for w, n in (("positive", positives), ("negative", negatives)) if n == 0]
    what = " and no ".join(missing) if missing else "positive or no negative"
    return f"the group has no {what} labels"


def auc_interval(auc, var, level) -> tuple[float | None, float | None, str]:
    """DeLong interval (normal on logit(AUC)) and its method, or (None, None, why not)."""
    if not np.isfinite(auc) or not np.isfinite(var):
        return None, None, "not reported: AUC or its variance undefined"
    if auc <= 0 or auc >= 1:
        return None, None, "not reported: AUC is 0 or 1, where DeLong's variance is 0"
    if var <= 0:  # AUC 0.5 of scores that all tie: a point, not a 0 or 1
        return None, None, f"not reported: DeLong's variance is 0 at an AUC of {auc:g}"
    z = NormalDist().inv_cdf(0.5 + level / 2)
    logit = np.log(auc / (1 - auc))
    half = z * np.sqrt(var) / (auc * (1 - auc))
    lo, hi = 1 / (1 + np.exp(-(logit - half))), 1 / (1 + np.exp(-(logit + half)))
    return float(lo), float(hi), AUC_CI_METHOD


# the names a row weight goes by: group_auc has none, and says why rather than a near miss
_WEIGHT_NAMES = ("sample_weight", "weight", "weights", "sample_weights")


def _unweighted(function):
    """``group_auc`` refusing a row weight in words that say its AUC is unweighted."""

    @functools.wraps(function)
    def checked(*args, **kwargs):
        if key := next((k for k in kwargs if k in _WEIGHT_NAMES), None):
            raise UnknownKeywordError(
                "group_auc() takes no row weights: its AUC and DeLong interval are unweighted "
                "(every row counts once)",
                column=key,
                fix=f"leave {key} out for the unweighted AUC of each group; a weighted "
                "ethiclens.audit(..., sample_weight=w) reports no AUC (DeLong's interval is for "
                "unweighted rows)",
                kind="argument",
            )
        return function(*args, **kwargs)

    return checked


@_unweighted
@refusing_unknown_keywords
def group_auc(
    y_true, y_score, sensitive_features, *, pos_label=None, confidence_level: float = 0.95
) -> pd.DataFrame:
    """Per-group AUC with DeLong intervals, indexed like ``AuditResult.by_group()``.

    ``AuditResult.by_group()`` already has these columns when the audit had (unweighted) row
    scores; this function gives them on their own, e.g. for an audit without scores or a
    counts-table audit, whose scores are binned. Unweighted: every row counts once; a row
    weight (``sample_weight=``) is refused, not ignored.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels.
    y_score : array-like of shape (n,)
        Scores in [0, 1].
    sensitive_features : Series, DataFrame, dict or array-like
        Protected attributes, as for :func:`audit` (rows paired as there, see its Notes).
    pos_label : scalar, optional
        The positive label when labels are not 0/1.
    confidence_level : float
        Interval coverage (0.95).

    Returns
    -------
    DataFrame
        Index (attribute, group); columns ``auc``, ``auc_ci_low``, ``auc_ci_high``,
        ``auc_ci_method``.
    """
    # the audit's level check (a float32 0.9 taken, a Decimal told its type), in its words
    confidence_level = check_level(confidence_level)
    # rows paired as audit and threshold_table pair them: pandas inputs by index label
    (y_true, sensitive_features, y_score), n = aligned_rows(
        "y_score", "score", y_true=y_true, sensitive_features=sensitive_features, y_score=y_score
    )
    scores = as_scores(y_score, n)
    true = as_binary(y_true, "y_true", pos_label)
    if len(true) != n:
        raise EthicLensInputError(
            f"has {len(true)} rows but y_score has {n}", column="y_true", fix="same rows"
        )
    rows, index = [], []
    for name, (groups, codes) in encode_groups(sensitive_features, n).items():
        per_group = auc_by_group(scores, true, codes, len(groups))
        kept = np.asarray(codes) >= 0
        n_all = np.bincount(np.asarray(codes)[kept], minlength=len(groups))
        n_pos = np.bincount(np.asarray(codes)[kept], true[kept].astype(float), len(groups))
        for g, ((auc, var), label) in enumerate(zip(per_group, groups, strict=True)):
            lo, hi, method = auc_interval(auc, var, confidence_level)
            if not np.isfinite(auc):  # which label the group lacks, as by_group's auc_note
                missing = missing_labels(int(n_pos[g]), int(n_all[g] - n_pos[g]))
                method = f"not reported: AUC undefined ({missing})"
            rows.append({"auc": auc, "auc_ci_low": lo, "auc_ci_high": hi, "auc_ci_method": method})
            index.append((name, label))
    frame = pd.DataFrame(rows, index=pd.MultiIndex.from_tuples(index, names=["attribute", "group"]))
    return frame.astype({"auc_ci_low": float, "auc_ci_high": float})
