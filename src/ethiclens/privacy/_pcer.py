"""Privacy-Cost Equity Ratio: Algorithm 1 of the PCER paper, for any classifier.

Per group g: R_g = positive-prediction rate on the test split, δ_g = max(0, acc_g^train −
acc_g^test) (the Yeom et al. bound on the group's membership-inference advantage), and
PCER_g = R_g / max(δ_g, η). For a binary attribute ΔPCER = PCER_0 − PCER_1 (the group order is
explicit); for more groups, the dispersion max |PCER_g − PCER_g'|.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import EthicLensInputError
from ._inputs import SplitPredictions
from ._mia import MIAResult, membership_inference

DEFAULT_ETA = 1e-3
FLOOR_ETAS = (1e-4, 1e-3, 1e-2, 1e-1)
MIN_GROUP_SIZE = 30  # rows per group per split below which a group is INSUFFICIENT_DATA


@dataclass
class GroupPCER:
    group: str
    n_train: int
    n_test: int
    acc_train: float
    acc_test: float
    delta: float
    positive_rate: float  # R_g on the test split
    pcer: float
    tpr_test: float | None
    fpr_test: float | None
    mean_loss_train: float | None = None
    mean_loss_test: float | None = None
    status: str = "OK"

    def to_dict(self) -> dict:
        return {k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                for k, v in self.__dict__.items()}


@dataclass
class FloorCheck:
    eta: float
    delta_pcer: float | None
    dispersion: float
    floor_dominated: bool  # every δ_g < η
    equals_dp_gap_over_eta: bool | None  # verified when floor-dominated (binary attributes)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class PCERResult:
    groups: list[GroupPCER]
    group_order: tuple[str, ...]
    eta: float
    delta_pcer: float | None
    dispersion: float
    dp_gap: float  # max |R_g − R_g'| (binary: |R_0 − R_1|)
    dp_gap_signed: float | None  # R_0 − R_1
    eo_gap: float | None
    floor: list[FloorCheck]
    scales_like_inverse_eta: bool | None
    interpretation: str
    positive_is_favorable: bool
    min_group_size: int
    mia: MIAResult | None = None
    notes: list[str] = field(default_factory=list)

    def group(self, name: str) -> GroupPCER:
        return next(g for g in self.groups if g.group == name)

    def to_dict(self) -> dict:
        return {
            "group_order": list(self.group_order), "eta": self.eta,
            "groups": [g.to_dict() for g in self.groups],
            "delta_pcer": self.delta_pcer, "dispersion": self.dispersion,
            "dp_gap": self.dp_gap, "dp_gap_signed": self.dp_gap_signed, "eo_gap": self.eo_gap,
            "floor_sensitivity": [f.to_dict() for f in self.floor],
            "scales_like_inverse_eta": self.scales_like_inverse_eta,
            "interpretation": self.interpretation,
            "positive_is_favorable": self.positive_is_favorable,
            "min_group_size": self.min_group_size,
            "mia": self.mia.to_dict() if self.mia else None,
            "notes": self.notes,
        }


def _rate(num, den):
    return float(num / den) if den else float("nan")


def pcer_values(positive_rate: dict, delta: dict, order, eta: float):
    """PCER per group, ΔPCER (binary) and the dispersion, for one floor constant."""
    pcer = {g: positive_rate[g] / max(delta[g], eta) for g in order}
    values = list(pcer.values())
    dispersion = float(max(values) - min(values))
    d = float(pcer[order[0]] - pcer[order[1]]) if len(order) == 2 else None
    return pcer, d, dispersion


def pcer_audit(train: SplitPredictions, test: SplitPredictions, *, group_order=None,
               eta: float = DEFAULT_ETA, etas=FLOOR_ETAS, positive_is_favorable: bool = True,
               min_group_size: int = MIN_GROUP_SIZE) -> PCERResult:
    """Algorithm 1: the post-hoc PCER audit of a trained classifier.

    Parameters
    ----------
    train, test : SplitPredictions
        Labels, predictions, groups (and, for the attack, per-example losses) of the model's
        own training split and of held-out data.
    group_order : sequence of str, optional
        Which group is 0 and which is 1 (ΔPCER = PCER_0 − PCER_1). Default: sorted names.
    eta : float
        Floor constant of the headline ΔPCER.
    etas : sequence of float
        Floor constants of the sensitivity analysis.
    positive_is_favorable : bool
        Whether a positive prediction is a benefit (income > 50K) or a harm (recidivism); words
        the interpretation of the sign.
    min_group_size : int
        Rows per group per split below which the group is INSUFFICIENT_DATA.
    """
    train.name, test.name = "train", "test"
    groups_tr, groups_te = set(map(str, train.groups)), set(map(str, test.groups))
    if groups_tr != groups_te:
        raise EthicLensInputError(
            f"train and test have different groups: only in train {sorted(groups_tr - groups_te)},"
            f" only in test {sorted(groups_te - groups_tr)}", column="groups",
            fix="audit the same groups in both splits (drop or merge the missing ones)")
    order = tuple(map(str, group_order)) if group_order is not None else tuple(sorted(groups_tr))
    unknown = [g for g in order if g not in groups_tr]
    if unknown or len(set(order)) != len(order) or set(order) != groups_tr:
        raise EthicLensInputError("group_order must list every group exactly once",
                                  column="group_order", value=list(order),
                                  fix=f"use an order of {sorted(groups_tr)}")
    if len(order) < 2:
        raise EthicLensInputError("needs at least two groups", column="groups")
    if not 0 < eta < 1:
        raise EthicLensInputError("floor constant must be in (0, 1)", column="eta", value=eta)

    rows, notes = [], []
    for g in order:
        tr, te = train.mask(g), test.mask(g)
        yt, yp = test.y_true[te], test.y_pred[te]
        acc_tr = _rate(np.sum(train.y_true[tr] == train.y_pred[tr]), tr.sum())
        acc_te = _rate(np.sum(yt == yp), te.sum())
        rate = _rate(yp.sum(), te.sum())
        status = "OK"
        if tr.sum() < min_group_size or te.sum() < min_group_size:
            status = "INSUFFICIENT_DATA"
            notes.append(f"group {g!r}: {int(tr.sum())} train / {int(te.sum())} test rows, below "
                         f"the floor of {min_group_size} per split; its PCER is not reliable")
        rows.append(GroupPCER(
            g, int(tr.sum()), int(te.sum()), acc_tr, acc_te, max(0.0, acc_tr - acc_te), rate,
            rate / max(max(0.0, acc_tr - acc_te), eta),
            _rate(np.sum((yp == 1) & (yt == 1)), np.sum(yt == 1)),
            _rate(np.sum((yp == 1) & (yt == 0)), np.sum(yt == 0)),
            float(train.loss[tr].mean()) if train.loss is not None else None,
            float(test.loss[te].mean()) if test.loss is not None else None, status))
    R = {r.group: r.positive_rate for r in rows}
    delta = {r.group: r.delta for r in rows}
    _, d_pcer, dispersion = pcer_values(R, delta, order, eta)
    rates = list(R.values())
    dp_gap = float(max(rates) - min(rates))
    signed = float(R[order[0]] - R[order[1]]) if len(order) == 2 else None
    tprs = [r.tpr_test for r in rows]
    fprs = [r.fpr_test for r in rows]
    eo_gap = float(max(max(tprs) - min(tprs), max(fprs) - min(fprs)))

    floor = []
    for e in etas:
        _, d_e, disp_e = pcer_values(R, delta, order, e)
        dominated = all(v < e for v in delta.values())
        check = None
        if dominated and signed is not None:
            check = bool(math.isclose(d_e, signed / e, rel_tol=1e-9, abs_tol=1e-9))
        floor.append(FloorCheck(e, d_e, disp_e, dominated, check))
    scaling = _scales_like_inverse_eta(floor)
    result = PCERResult(rows, order, eta, d_pcer, dispersion, dp_gap, signed, eo_gap, floor,
                        scaling, "", positive_is_favorable, min_group_size, notes=notes)
    result.interpretation = interpret(result)
    if train.loss is not None and test.loss is not None:
        result.mia = membership_inference(train, test, group_order=order, eta=eta,
                                          positive_rates=R, delta_pcer=d_pcer)
    return result


def _scales_like_inverse_eta(floor: list[FloorCheck]) -> bool | None:
    """True when |ΔPCER| (or the dispersion) falls like 1/η: log-log slope within ±10% of −1."""
    values = np.array([abs(f.delta_pcer) if f.delta_pcer is not None else f.dispersion
                       for f in floor])
    if len(values) < 2 or np.any(values <= 0):
        return None
    slope = np.polyfit(np.log10([f.eta for f in floor]), np.log10(values), 1)[0]
    return bool(-1.1 <= slope <= -0.9)


def interpret(r: PCERResult) -> str:
    """The sign of ΔPCER in words, for a benefit or a harm, with the floor caveat."""
    dominated = all(g.delta < r.eta for g in r.groups)
    what = "benefit" if r.positive_is_favorable else "harm"
    if r.delta_pcer is None:
        text = (f"PCER dispersion across {len(r.groups)} groups is {r.dispersion:.3g} "
                f"(positive predictions, a {what}, per unit of privacy cost).")
    else:
        g0, g1 = r.group_order
        if r.delta_pcer == 0:
            text = f"ΔPCER = 0: {g0} and {g1} receive the same {what}-to-privacy-cost ratio."
        else:
            hi, lo = (g0, g1) if r.delta_pcer > 0 else (g1, g0)
            text = (f"ΔPCER = {r.delta_pcer:+.3g} (PCER_{g0} − PCER_{g1}): {hi} receives more "
                    f"positive predictions per unit of privacy cost than {lo}. The positive "
                    f"prediction is a {what}, so ")
            if r.positive_is_favorable:
                text += f"{lo} gets less benefit for the membership-inference risk it bears."
            else:
                text += f"{hi} bears more harm per unit of membership-inference risk."
            text += _double_disadvantage(r)
    if dominated:
        text += (f" Every group's overfitting gap is below η = {r.eta:g}: the finding is "
                 "floor-dominated (ΔPCER = DP-Gap/η), a rescaled demographic-parity gap, not a "
                 "privacy-cost effect.")
    elif r.scales_like_inverse_eta:
        text += " |ΔPCER| scales like 1/η across the floor constants: treat it as floor-driven."
    return text


def _double_disadvantage(r: PCERResult) -> str:
    """Name a group that has both the higher privacy cost and the worse outcome."""
    g0, g1 = (r.group(name) for name in r.group_order)
    if g0.delta == g1.delta or g0.positive_rate == g1.positive_rate:
        return ""
    costly = g0 if g0.delta > g1.delta else g1
    other = g1 if costly is g0 else g0
    worse = (costly.positive_rate < other.positive_rate if r.positive_is_favorable
             else costly.positive_rate > other.positive_rate)
    if not worse:
        return ""
    return (f" Double disadvantage: {costly.group} has both the larger overfitting gap "
            f"(δ {costly.delta:.4f} vs {other.delta:.4f}) and the worse outcome "
            f"(R {costly.positive_rate:.3f} vs {other.positive_rate:.3f}).")
