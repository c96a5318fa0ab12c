"""The per-group threshold membership-inference attack (Yeom et al. 2018).

Members are the training examples, non-members the test examples; each is scored by −loss (a
low loss suggests the model memorised it). AUC_g is the ROC-AUC of that score for members vs
non-members within group g (ties count half, as in ``sklearn.metrics.roc_auc_score``), exact
from the rank sum (Mann–Whitney U / (n_members · n_non-members)), as are the advantage AUC_g − 1/2
and ΔPCER^MIA, so that equal ratios give a ΔPCER^MIA of exactly 0 (no sign), never a rounding's.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .._checks import _setting_error, check_count, check_eta, is_number, names_words
from .._text import spaced_name
from ..fairness import INSUFFICIENT_DATA, REPORTED, Policy
from ..io import json_fields
from ._inputs import (
    SplitPredictions,
    argument_error,
    check_split_groups,
    check_split_types,
    refuse_same_rows,
    refusing_unknown,
    shared_rows_note,
)

# The attack's values of one group (withheld, None, below the floor).
ATTACK_VALUES = ("auc", "advantage", "yeom_advantage", "yeom_mu_hat", "delta")


@dataclass(kw_only=True)
class GroupAttack:
    """A loss-threshold membership-inference attack on one group.

    Attributes
    ----------
    group : str
    n_members, n_nonmembers : int
        Train and test rows of the group.
    auc : float or None
        ROC-AUC of −loss as a membership score (0.5 = chance).
    advantage : float or None
        AUC − 0.5.
    yeom_advantage : float or None
        acc_train − acc_test: TPR − FPR of "member iff correctly classified" (Yeom et al.).
    yeom_mu_hat : float or None
        Balanced attacker accuracy − 1/2 = (acc_train − acc_test) / 2.
    delta : float or None
        max(0, acc_train − acc_test), the bound on ``yeom_mu_hat``.
    status : str
        REPORTED, or INSUFFICIENT_DATA below the PCER floor (``min_group_size``): then every
        value above is withheld (None).
    reason : str or None
        Why the values are withheld.
    """

    group: str
    n_members: int
    n_nonmembers: int
    auc: float | None
    advantage: float | None  # AUC − 0.5
    yeom_advantage: float | None  # acc_train − acc_test: TPR − FPR of "member iff correct"
    yeom_mu_hat: float | None  # balanced attacker accuracy − 1/2 = (acc_train − acc_test) / 2
    delta: float | None  # max(0, acc_train − acc_test), the bound on yeom_mu_hat
    status: str = REPORTED
    reason: str | None = None

    def to_dict(self) -> dict:
        """JSON-ready fields."""
        return dict(self.__dict__)


@dataclass(kw_only=True)
class MIAResult:
    """The attack on every group, and ΔPCER^MIA for a binary attribute.

    Attributes
    ----------
    groups : list of GroupAttack
    group_order : tuple of str
    eta : float
    delta_pcer_mia : float or None
        PCER^MIA_0 − PCER^MIA_1 with max(AUC_g − 0.5, η) as the denominator.
    delta_pcer : float or None
        The overfitting-gap ΔPCER it is compared with.
    sign_agrees : bool or None
        Whether the two have the same sign; None (undefined) where either is None or 0
        (-0.0 too): a zero has no direction to agree or disagree with.
    notes : list of str
        Test rows that are train rows (members given as non-members pull each AUC toward
        0.5), as :func:`~ethiclens.privacy.pcer_audit` notes them.
    """

    groups: list[GroupAttack]
    group_order: tuple[str, ...]
    eta: float
    delta_pcer_mia: float | None  # binary attributes: PCER^MIA_0 − PCER^MIA_1
    delta_pcer: float | None  # the overfitting-gap ΔPCER it is compared with
    sign_agrees: bool | None
    notes: list[str] = dataclasses.field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON-ready fields."""
        names = "groups group_order eta delta_pcer_mia delta_pcer sign_agrees notes"
        return json_fields(self, names)


def sign_agreement(a: float | None, b: float | None) -> bool | None:
    """Whether ``a`` and ``b`` have the same sign: None (undefined) where either is None, NaN
    or 0 (-0.0 too), which has no direction to agree or disagree with."""
    if a is None or b is None or not (a and b) or math.isnan(a) or math.isnan(b):
        return None
    return (a > 0) == (b > 0)


def refuse_one_split_losses(train: SplitPredictions, test: SplitPredictions) -> None:
    """Losses on one split only: the attack needs both (``pcer audit --loss`` refuses a file
    without the column alike)."""
    missing = [role for role, s in (("train", train), ("test", test)) if s.loss is None]
    if len(missing) == 1:
        given = "test" if missing[0] == "train" else "train"
        raise argument_error(
            f"{given} has per-example losses and {missing[0]} has none: the "
            "membership-inference attack needs the losses of both splits",
            f"{missing[0]}.loss",
            fix=f"give both splits' losses (loss= on the {missing[0]} split too) or neither "
            "(no attack)",
        )


def _delta_pcer_mia(rates: dict, aucs: dict, order, eta: float) -> float:
    """ΔPCER^MIA of two groups, exactly: R_g as the decimal it prints as (or the Fraction
    given), AUC_g − 1/2 from the rank sum, η as its printed decimal (pcer_values' rule)."""
    floor = Fraction(repr(float(eta)))
    pcer_0, pcer_1 = (rates[g] / max(aucs[g] - Fraction(1, 2), floor) for g in order)
    return float(pcer_0 - pcer_1)


@refusing_unknown
def membership_inference(
    train: SplitPredictions,
    test: SplitPredictions,
    *,
    group_order=None,
    eta: float = 1e-3,
    positive_rates: dict | None = None,
    delta_pcer: float | None = None,
    min_group_size: int | None = None,
) -> MIAResult:
    """Attack every group; with ``positive_rates`` (R_g) also ΔPCER^MIA.

    ΔPCER^MIA = R_0 / max(AUC_0 − 0.5, η) − R_1 / max(AUC_1 − 0.5, η) for a binary attribute,
    compared in sign with ``delta_pcer`` (the overfitting-gap ΔPCER) when given: ``sign_agrees``
    is None (undefined) where either is 0, which has no sign.

    Parameters
    ----------
    train, test : SplitPredictions
        Members and non-members, both with per-example losses; one set of rows given as
        both (in any order) is refused, as by ``pcer_audit``: every gap would be 0.
    group_order : sequence of str, optional
        Every group of both splits exactly once (checked as by ``pcer_audit``). Default: the
        groups sorted.
    eta : float
        Floor of the AUC advantage in ΔPCER^MIA.
    positive_rates : dict, optional
        R_g per group, a number in [0, 1] for every group (enables ΔPCER^MIA); a float is
        read as the decimal it prints as, a ``Fraction`` (``pcer_audit`` passes its R_g so)
        exactly.
    delta_pcer : float, optional
        The overfitting-gap ΔPCER to compare signs with (a finite number).
    min_group_size : int, optional
        Members and non-members a group needs (the PCER floor, as ``pcer_audit``'s policy):
        below it a group is INSUFFICIENT_DATA, its values and ΔPCER^MIA withheld. Default:
        the default Policy's (30: an AUC of a handful of rows is noise); 1 for none.

    Returns
    -------
    MIAResult
    """
    eta, order, floor_n, rates, delta_pcer = _checked_arguments(
        train, test, group_order, eta, positive_rates, delta_pcer, min_group_size
    )
    aucs = {g: exact_auc(train, test, g) for g in order}
    attacks = [_floored(_attack_group(train, test, g, aucs[g]), floor_n) for g in order]
    dp_mia = agrees = None
    reported = all(a.status == REPORTED for a in attacks)  # else ΔPCER^MIA is withheld
    if rates is not None and len(order) == 2 and reported:
        dp_mia = _delta_pcer_mia(rates, aucs, order, eta)
        agrees = sign_agreement(dp_mia, delta_pcer)
    return MIAResult(
        groups=attacks,
        group_order=order,
        eta=eta,
        delta_pcer_mia=dp_mia,
        delta_pcer=delta_pcer,
        sign_agrees=agrees,
        notes=[n for n in (shared_rows_note(train, test, order),) if n],
    )


def _checked_arguments(train, test, group_order, eta, positive_rates, delta_pcer, min_group_size):
    """η (pcer_audit's range, kept as the float checked), the group order and the floor
    (``min_group_size``, else the default Policy's PCER floor), after the checks pcer_audit
    makes on its splits and ``group_order`` (one place: :func:`check_split_groups`,
    :func:`refuse_same_rows`), and on the losses, ``positive_rates`` and ``delta_pcer`` (then
    as the floats they print as: :func:`_check_comparison`)."""
    eta = check_eta(eta)
    floor_n = Policy().pcer_min_group_size
    if min_group_size is not None:
        floor_n = check_count(min_group_size, "min_group_size")
    check_split_types(train, test)
    refuse_one_split_losses(train, test)  # as pcer_audit names it
    if train.loss is None or test.loss is None:
        problem = "the attack needs per-example losses on both splits"
        raise argument_error(problem, "loss", fix="pass loss= to both SplitPredictions")
    order = check_split_groups(train, test, group_order)
    rates, delta_pcer = _check_comparison(positive_rates, delta_pcer, order)
    refuse_same_rows(train, test)  # after the arguments: a bad one is named first
    return eta, order, floor_n, rates, delta_pcer


def _check_comparison(positive_rates, delta_pcer, order: tuple[str, ...]):
    """``positive_rates``: a rate in [0, 1] for every group of ``order``; ``delta_pcer``: a
    finite number. Either may be None (not compared). Both as the decimals they print as (a
    float32 0.5 divides as 0.5)."""
    if positive_rates is not None:
        fix = f"give each of {names_words(order)} its positive-prediction rate, e.g. "
        fix += f"{{{order[0]!r}: 0.4}}"

        def refused(problem: str, value):
            return argument_error(problem, "positive_rates", value, fix)

        if not isinstance(positive_rates, Mapping):
            raise refused("must be a dict of group -> rate", positive_rates)
        if missing := [g for g in order if g not in positive_rates]:
            raise refused(f"no rate for group(s) {names_words(missing)}", dict(positive_rates))
        if extra := [g for g in positive_rates if g not in order]:
            problem = (
                f"no group {names_words(extra)} in the splits, which hold {names_words(order)}"
            )
            raise refused(problem, dict(positive_rates))
        for g in order:
            rate = positive_rates[g]
            if not (is_number(rate) or isinstance(rate, Fraction)) or not 0 <= rate <= 1:
                problem = f"the rate of group {g!r} must be a number from 0 to 1"
                if isinstance(rate, Fraction):  # taken in range (exact): no type to advise
                    raise refused(problem, rate)
                raise _setting_error(problem, column="positive_rates", value=rate, fix=fix)
    if delta_pcer is not None and not (is_number(delta_pcer) and _finite(delta_pcer)):
        raise argument_error(
            "must be a finite number (or None: no sign comparison)",
            "delta_pcer",
            delta_pcer,
            "pass pcer_audit's result.delta_pcer, e.g. 0.8",
        )
    rates = None if positive_rates is None else {g: _exact_rate(positive_rates[g]) for g in order}
    return rates, None if delta_pcer is None else _as_printed(delta_pcer)


def _finite(value) -> bool:
    """Whether a number is finite as a double: a whole number past a double's range (10**400)
    is not (``math.isfinite`` raises OverflowError on it)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _as_printed(rate) -> float:
    """A rate as the decimal it prints as (a float32 0.5 divides as 0.5, not 0.49999997)."""
    if isinstance(rate, np.float32 | np.float16):
        return float(str(np.float32(rate)))
    return float(rate)


def _exact_rate(rate) -> Fraction:
    """A rate as the exact decimal it prints as (:func:`_as_printed`), a Fraction as given."""
    if isinstance(rate, Fraction):
        return rate
    if isinstance(rate, int | np.integer):
        return Fraction(int(rate))
    return Fraction(repr(_as_printed(rate)))


def exact_auc(train: SplitPredictions, test: SplitPredictions, g: str) -> Fraction:
    """AUC_g of the score −loss, members (train) against non-members (test), as a Fraction:
    the Mann–Whitney U of the members' ranks (ties at their mid-rank: count half, as
    ``roc_auc_score``) over n_members · n_non-members. Integers throughout (twice each rank)."""
    tr, te = train.mask(g), test.mask(g)
    if not tr.any() or not te.any():
        split = "train" if not tr.any() else "test"
        raise argument_error(f"group {g!r} is missing from the {split} split", "groups")
    n_1, n_0 = int(tr.sum()), int(te.sum())
    scores = -np.concatenate([train.loss[tr], test.loss[te]])
    _, where, counts = np.unique(scores, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts  # rows scored lower than each distinct score
    twice_rank = 2 * below + counts + 1  # twice the mid-rank (1-based) of a tied block
    twice_u = int(twice_rank[where.ravel()[:n_1]].sum(dtype=np.int64)) - n_1 * (n_1 + 1)
    return Fraction(twice_u, 2 * n_1 * n_0)


def _attack_group(
    train: SplitPredictions, test: SplitPredictions, g: str, auc: Fraction | None = None
) -> GroupAttack:
    """The threshold attack (score −loss) on group ``g``'s members and non-members, whose AUC
    is ``auc`` (:func:`exact_auc`, which refuses a group missing from a split: computed here
    where not given)."""
    if auc is None:
        auc = exact_auc(train, test, g)
    tr, te = train.mask(g), test.mask(g)
    # the accuracy gap as a Fraction, correctly rounded (pcer_audit's δ_g): in floats 0.8 − 0.7
    # and 0.7 − 0.6 are 0.10000000000000009 and 0.09999999999999998
    gap = Fraction(int(np.sum(train.y_true[tr] == train.y_pred[tr])), int(tr.sum())) - Fraction(
        int(np.sum(test.y_true[te] == test.y_pred[te])), int(te.sum())
    )
    return GroupAttack(
        group=g,
        n_members=int(tr.sum()),
        n_nonmembers=int(te.sum()),
        auc=float(auc),
        advantage=float(auc - Fraction(1, 2)),
        yeom_advantage=float(gap),
        yeom_mu_hat=float(gap / 2),
        delta=float(max(gap, Fraction(0))),
    )


def _floored(attack: GroupAttack, floor_n: int) -> GroupAttack:
    """The attack on a group as reported: below ``floor_n`` members or non-members its values
    are withheld (an AUC of a handful of rows is noise), with the reason."""
    if min(attack.n_members, attack.n_nonmembers) >= floor_n:
        return attack
    reason = (
        f"n_members = {attack.n_members}, n_nonmembers = {attack.n_nonmembers}, below the "
        f"floor of {floor_n} rows per split ({spaced_name(attack.group)}): attack values withheld"
    )
    withheld = dict.fromkeys(ATTACK_VALUES)
    return dataclasses.replace(attack, **withheld, status=INSUFFICIENT_DATA, reason=reason)
