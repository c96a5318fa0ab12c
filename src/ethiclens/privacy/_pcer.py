"""Privacy-Cost Equity Ratio: Algorithm 1 of the PCER paper, for any classifier.

Per group g: R_g = positive-prediction rate on the test split, δ_g = max(0, acc_g^train −
acc_g^test) (the Yeom et al. bound on the group's membership-inference advantage), and
PCER_g = R_g / max(δ_g, η). For a binary attribute ΔPCER = PCER_0 − PCER_1 (the group order is
explicit); for more groups, the dispersion max |PCER_g − PCER_g'|, whose interval takes every
pair of groups: an attribute has at most ``_inputs.MAX_GROUPS`` (200) groups, and one of more
than 50 distinct numbers is refused as continuous, by the fairness audit's rule.

Every statistic is a function of each group's confusion cells (tp, fp, fn, tn) on the train and
on the test split, computed with the fairness core's count functions. Its interval comes from
draws of those cells, each group's train cells and test cells drawn separately: by default the
fairness core's Jeffreys–Dirichlet draws (cell shares from Dirichlet(cells + 1/2), scaled to the
group's rows; docs/adr/0008-verdicts.md), so an empty cell still varies and a group whose test
accuracy is 1 or whose positive rate is 0 gets a one-sided interval rather than [1, 1] or
[0, 0]; ``ci="percentile"`` is the plain row bootstrap (a multinomial draw of the cells). Every
interval contains its estimate: where the draws do not reach it (a rate of exactly 0 or 1, a
clipped δ_g) it is extended to it and its ``ci_method`` says so. The intervals carry one model's
sampling uncertainty, not its own randomness: retraining with another seed moves the statistics
further (``ethiclens pcer sweep`` measures that spread).

The spreads' intervals take each signed difference at a Bonferroni level 1 − 0.05/m, which
needs at least 20·m draws (one outside each interval, ``_checks.check_level_draws``): n_boot
not given takes the default 1,000 or that many, whichever is more (8 groups: 1,120); one given
below it is refused. An attribute whose EO-Gap level no draws within ``MAX_DRAWN`` reach (48
groups or more) is audited from the default (or given) draws: per-group values and intervals,
the spreads' values, and no interval for a spread its draws do not reach (its reason says why).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources

import numpy as np

from .._checks import (
    MIN_DRAWS,
    TEXT_LIKE,
    _nines,
    check_draws,
    check_eta,
    check_level_draws,
    check_seed,
    names_words,
)
from .._keywords import refusing_unknown_keywords
from .._text import one_line, spaced_name
from ..errors import EthicLensInputError, reprs_plainly
from ..fairness import (
    INSUFFICIENT_DATA,
    JEFFREYS_METHOD,
    REPORTED,
    UNDEFINED,
    UNDEFINED_METHOD,
    Interval,
    MetricEstimate,
    Policy,
    accuracy,
    check_ci,
    check_policy,
    contain_one,
    draw_dirichlet_cells,
    estimates_html,
    false_positive_rate,
    interval,
    metric_status,
    refuse_unknown,
    selection_rate,
    true_positive_rate,
)
from ..io import json_fields, json_number, json_ready
from ._defaults import DEFAULT_N_BOOT
from ._inputs import (
    SplitPredictions,
    argument_error,
    check_split_groups,
    refuse_same_rows,
    shared_rows_note,
)
from ._mia import MIAResult, membership_inference, refuse_one_split_losses
from ._summary import pcer_summary

DEFAULT_ETA = 1e-3
FLOOR_ETAS = (1e-4, 1e-3, 1e-2, 1e-1)
MIN_N_BOOT = MIN_DRAWS  # the shared range (_checks)
CI_LEVEL = 0.95
# Interval methods of pcer_audit(ci=...): how each group's train and test cells are drawn.
CI_METHODS = ("jeffreys", "percentile")
EXTENDED_NOTE = (
    "extended to the estimate, which lies on the boundary of the draws (a rate of "
    "0 or 1, or a clipped δ_g)"
)
DEGENERATE = " (degenerate: every draw equal)"
PCER_SCHEMA_VERSION = "1.0"
SINGLE_RUN_NOTE = (
    "This is one trained model: the intervals cover resampling of its train and test rows "
    "only. Retraining with another seed moves ΔPCER, δ_g and the gaps by more than these "
    "intervals show; run `ethiclens pcer sweep` (and `ethiclens pcer tables`) for the "
    "seed-to-seed spread before drawing conclusions."
)
# Per-group statistics and result-level ones, in the JSON's order (defined in the docstrings
# of GroupPCER and PCERResult, and in the JSON schema).
GROUP_STATISTICS = (
    "acc_train",
    "acc_test",
    "delta",
    "positive_rate",
    "pcer",
    "tpr_test",
    "fpr_test",
)
RESULT_STATISTICS = ("delta_pcer", "dispersion", "dp_gap", "dp_gap_signed", "eo_gap")


@reprs_plainly
@dataclass(kw_only=True)
class GroupPCER:
    """One group's PCER statistics (point values; intervals and statuses in ``estimates``).

    Attributes
    ----------
    group : str
    n_train, n_test : int
        Rows of the group in each split.
    acc_train, acc_test : float
        Accuracy on train (members) and test (non-members).
    delta : float
        δ_g = max(0, acc_train − acc_test), the overfitting gap.
    positive_rate : float
        R_g, the positive-prediction rate on the test split.
    pcer : float
        PCER_g = R_g / max(δ_g, η).
    tpr_test, fpr_test : float or None
        None when undefined (no positives or no negatives in the group).
    mean_loss_train, mean_loss_test : float or None
        With per-example losses.
    status : str
        REPORTED, or INSUFFICIENT_DATA below the policy's PCER floor.
    reason : str or None
        Why a statistic is not reported.
    estimates : dict of str to MetricEstimate
        Each statistic with its interval, method and status.
    """

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
    status: str = REPORTED  # or INSUFFICIENT_DATA below the policy's PCER floor
    reason: str | None = None
    estimates: dict[str, MetricEstimate] = field(default_factory=dict)

    def to_dict(self) -> dict:
        """JSON-ready: counts, status and every statistic's estimate."""
        names = "group n_train n_test status reason mean_loss_train mean_loss_test"
        return json_fields(self, names, statistics="estimates")


@dataclass(kw_only=True)
class FloorCheck:
    """ΔPCER at one floor constant η (the paper's Table S1 sensitivity).

    Attributes
    ----------
    eta : float
    delta_pcer : float or None
        None for more than two groups.
    dispersion : float
        max_g PCER_g − min_g PCER_g.
    floor_dominated : bool
        Every δ_g < η (then ΔPCER = DP-Gap / η; for more groups the dispersion).
    equals_dp_gap_over_eta : bool or None
        Whether that identity holds (ΔPCER = (R_0 − R_1)/η for two groups, the dispersion =
        DP-Gap/η for more); None when not floor-dominated or a value is undefined.
    """

    eta: float
    delta_pcer: float | None
    dispersion: float
    floor_dominated: bool  # every δ_g < η
    equals_dp_gap_over_eta: bool | None  # checked when floor-dominated

    def to_dict(self) -> dict:
        """JSON-ready (non-finite numbers as null)."""
        return json_ready(dict(self.__dict__))


@dataclass(kw_only=True)
class PCERResult:
    """A PCER audit of one model (:func:`pcer_audit`).

    Attributes
    ----------
    groups : list of GroupPCER
        In ``group_order``.
    group_order : tuple of str
        Group 0, group 1, ...: ΔPCER = PCER_0 − PCER_1.
    eta : float
        The floor constant η.
    delta_pcer : float or None
        Binary attributes only.
    dispersion : float
    dp_gap, dp_gap_signed, eo_gap : float or None
    floor : list of FloorCheck
        ΔPCER at η ∈ FLOOR_ETAS.
    scales_like_inverse_eta : bool or None
        Whether |ΔPCER| scales like 1/η across the floors (a floor-dominated sign).
    interpretation : str
        The headline in words.
    positive_is_favorable : bool
    min_group_size : int
        The policy's PCER floor on rows per group and split.
    mia : MIAResult or None
        The threshold attack, with per-example losses.
    notes : list of str
    estimates : dict of str to MetricEstimate
        ΔPCER, the dispersion and the gaps with intervals and statuses.
    n_boot, random_state : int
        Draws and seed of the intervals.
    note : str
        What a one-model interval does not cover (seed-to-seed spread).
    """

    groups: list[GroupPCER]
    group_order: tuple[str, ...]
    eta: float
    delta_pcer: float | None
    dispersion: float
    dp_gap: float  # max |R_g − R_g'| (binary: |R_0 − R_1|)
    dp_gap_signed: float | None  # R_0 − R_1
    eo_gap: float | None  # None when a group's TPR or FPR is undefined
    floor: list[FloorCheck]
    scales_like_inverse_eta: bool | None
    interpretation: str = ""
    positive_is_favorable: bool
    min_group_size: int
    mia: MIAResult | None = None
    notes: list[str] = field(default_factory=list)
    estimates: dict[str, MetricEstimate] = field(default_factory=dict)
    n_boot: int = DEFAULT_N_BOOT
    random_state: int = 0
    note: str = SINGLE_RUN_NOTE

    def group(self, name: str) -> GroupPCER:
        """The statistics of group ``name``."""
        return next(g for g in self.groups if g.group == name)

    def __repr__(self) -> str:
        h = self.headline
        return one_line(  # a group name's line break shown, as the audit's repr shows it
            f"PCERResult(groups {list(self.group_order)}, eta {self.eta}, "
            f"headline {h.value if h.value is None else round(h.value, 4)} [{h.status}]; "
            f"{self.interpretation})"
        )

    def _repr_html_(self) -> str:
        """Notebook view: every statistic with its interval and status, per group too (a group
        with whitespace around it quoted, ``' a': pcer``, as the reasons and the terminal say
        it: a browser folds the spaces of a bare `` a``)."""
        stats = dict(self.estimates)
        for g in self.groups:
            stats.update({f"{spaced_name(g.group)}: {k}": e for k, e in g.estimates.items()})
        names = [g.group for g in self.groups]
        return estimates_html("EthicLens PCER audit", stats, self.interpretation, names=names)

    def summary(self, title: str) -> list:
        """The terminal view, in order: :class:`~ethiclens.privacy._summary.TextTable` blocks
        (per group, floor sensitivity, the attack) and lines of text in console markup."""
        return pcer_summary(self, title)

    @property
    def headline(self) -> MetricEstimate:
        """ΔPCER for two groups, else the dispersion: status REPORTED only when headlined."""
        key = "delta_pcer" if len(self.group_order) == 2 else "dispersion"
        return self.estimates[key]

    def to_dict(self) -> dict:
        """The ``pcer audit --json`` document (validated by :func:`validate_pcer_output`)."""
        return {
            "schema_version": PCER_SCHEMA_VERSION,
            "kind": "pcer_audit",
            "group_order": list(self.group_order),
            "eta": self.eta,
            "positive_is_favorable": self.positive_is_favorable,
            "min_group_size": self.min_group_size,
            "n_boot": self.n_boot,
            "random_state": self.random_state,
            "ci_level": CI_LEVEL,
            "groups": [g.to_dict() for g in self.groups],
            "statistics": {k: e.to_dict() for k, e in self.estimates.items()},
            "floor_sensitivity": [f.to_dict() for f in self.floor],
            "scales_like_inverse_eta": self.scales_like_inverse_eta,
            "interpretation": self.interpretation,
            "note": self.note,
            "mia": json_ready(self.mia.to_dict()) if self.mia else None,
            "notes": self.notes,
        }


@cache
def load_pcer_schema() -> dict:
    """The versioned JSON schema of ``pcer audit --json`` and ``pcer train --json``."""
    text = resources.files(__package__).joinpath("pcer.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def validate_pcer_output(document: dict) -> None:
    """Raise ``jsonschema.ValidationError`` when ``document`` does not follow the schema."""
    from .._jsonschema import validate  # the schema checked once, not on every call

    validate(document, load_pcer_schema())


def pcer_values(positive_rate: dict, delta: dict, order, eta: float):
    """PCER per group, ΔPCER (binary) and the dispersion, for one floor constant. Rates and
    gaps given as Fractions (:func:`exact_rates_and_gaps`) give each value correctly rounded:
    groups of equal ratios have equal PCER_g and a ΔPCER of exactly 0, never a rounding's sign."""
    exact = any(isinstance(v, Fraction) for v in delta.values())
    floor = decimal_fraction(eta) if exact else eta
    ratio = {g: positive_rate[g] / max(delta[g], floor) for g in order}
    values = list(ratio.values())
    dispersion = float(max(values) - min(values))
    d = float(ratio[order[0]] - ratio[order[1]]) if len(order) == 2 else None
    return {g: float(v) for g, v in ratio.items()}, d, dispersion


def decimal_fraction(eta: float) -> Fraction:
    """η as the decimal it prints as (0.1 is 1/10, not the double just above it): a δ_g of
    exactly 1/10 is not below η = 0.1, as the interpretation compares them."""
    return Fraction(repr(float(eta)))


def exact_rates_and_gaps(cells_tr: np.ndarray, cells_te: np.ndarray, order):
    """R_g and δ_g = max(0, acc_train − acc_test) of each group as Fractions of its cells, or
    None where a group has no rows in a split. In floats 0.8 − 0.7 and 0.7 − 0.6 are
    0.10000000000000009 and 0.09999999999999998: equal gaps ranked, a ΔPCER of ±5e-15 signed."""
    if not (cells_tr.sum(axis=1).all() and cells_te.sum(axis=1).all()):
        return None
    rates, gaps = {}, {}
    for g, tr, te in zip(order, cells_tr.tolist(), cells_te.tolist(), strict=True):
        rates[g] = Fraction(te[0] + te[1], sum(te))
        gaps[g] = max(
            Fraction(0), Fraction(tr[0] + tr[3], sum(tr)) - Fraction(te[0] + te[3], sum(te))
        )
    return rates, gaps


def _exact_point(point: dict, cells_tr, cells_te, order, eta: float) -> None:
    """The point statistics' δ_g, PCER_g, ΔPCER and dispersion, exact and correctly rounded
    (:func:`exact_rates_and_gaps`); the Fractions kept as ``point["result"]["exact"]`` for the
    floor sensitivity, whose ΔPCER at η is then the headline's."""
    exact = exact_rates_and_gaps(cells_tr, cells_te, order)
    point["result"]["exact"] = exact
    if exact is None:
        return
    rates, gaps = exact
    pcer, d, dispersion = pcer_values(rates, gaps, order, eta)
    point["delta"] = np.array([float(gaps[g]) for g in order])
    point["pcer"] = np.array([pcer[g] for g in order])
    point["result"]["dispersion"] = np.float64(dispersion)
    if d is not None:
        point["result"]["delta_pcer"] = np.float64(d)


# --- Statistics as functions of cells: (..., n_groups, 4) arrays of (tp, fp, fn, tn).


def split_cells(split: SplitPredictions, order) -> np.ndarray:
    """Per-group confusion cells (tp, fp, fn, tn) of one split, shape (n_groups, 4)."""
    cell = 2 * (1 - split.y_pred.astype(int)) + (1 - split.y_true.astype(int))
    index = {g: i for i, g in enumerate(order)}
    codes = np.fromiter((index[g] for g in split.groups), dtype=int, count=len(split.groups))
    return np.bincount(codes * 4 + cell, minlength=len(order) * 4).reshape(len(order), 4)


def group_statistics(train_cells, test_cells, eta: float) -> dict[str, np.ndarray]:
    """Every per-group statistic; broadcasts over leading (replicate) axes; NaN if undefined."""
    acc_train = accuracy(train_cells)
    acc_test = accuracy(test_cells)
    delta = np.maximum(0.0, acc_train - acc_test)  # NaN stays NaN
    rate = selection_rate(test_cells, True)
    return {
        "acc_train": acc_train,
        "acc_test": acc_test,
        "delta": delta,
        "positive_rate": rate,
        "pcer": rate / np.maximum(delta, eta),
        "tpr_test": true_positive_rate(test_cells),
        "fpr_test": false_positive_rate(test_cells),
    }


def _spread(x):
    return np.max(x, axis=-1) - np.min(x, axis=-1)  # NaN propagates: undefined, never 0


def result_statistics(stats: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """ΔPCER, dispersion and the gaps from the per-group statistics (last axis = groups)."""
    pcer, rate = stats["pcer"], stats["positive_rate"]
    binary = pcer.shape[-1] == 2
    missing = np.full(pcer.shape[:-1], np.nan)
    return {
        "delta_pcer": pcer[..., 0] - pcer[..., 1] if binary else missing,
        "dispersion": _spread(pcer),
        "dp_gap": _spread(rate),
        "dp_gap_signed": rate[..., 0] - rate[..., 1] if binary else missing,
        "eo_gap": np.maximum(_spread(stats["tpr_test"]), _spread(stats["fpr_test"])),
    }


def bootstrap_cells(cells: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """Replicates of per-group cells, shape (n_boot, n_groups, 4): each group's rows resampled
    with replacement (a multinomial draw of its cells), its size fixed."""
    out = np.zeros((n_boot, *cells.shape))
    for g, row in enumerate(cells):
        n = int(row.sum())
        if n:
            out[:, g, :] = rng.multinomial(n, row / n, size=n_boot)
    return out


def draw_cells(
    cells: np.ndarray, n_boot: int, rng: np.random.Generator, ci: str = "jeffreys"
) -> np.ndarray:
    """Draws of one split's per-group cells, shape (n_boot, n_groups, 4), each group on its own
    and scaled to its rows: Jeffreys–Dirichlet (default) or the plain multinomial resample."""
    if ci == "percentile":
        return bootstrap_cells(cells, n_boot, rng)
    return draw_dirichlet_cells(
        np.asarray(cells, float), cells.sum(axis=1).astype(float), n_boot, rng
    )


def _undefined_reason(name: str, group: str, tr, te) -> str:
    """Why a per-group statistic is undefined (tr, te: the group's cells (tp, fp, fn, tn)):
    the zero denominator it has, else (no such case is known) that it is not a finite number."""
    if name in ("acc_train", "delta", "pcer") and tr.sum() == 0:
        return f"group {spaced_name(group)} has no train rows"
    if name != "acc_train" and te.sum() == 0:
        return f"group {spaced_name(group)} has no test rows"
    if name == "tpr_test" and te[0] + te[2] == 0:
        return f"group {spaced_name(group)} has no positive labels on test (TPR's denominator is 0)"
    if name == "fpr_test" and te[1] + te[3] == 0:
        return f"group {spaced_name(group)} has no negative labels on test (FPR's denominator is 0)"
    return f"group {spaced_name(group)}'s {name} is not a finite number"


def _method_name(ci: str) -> str:
    if ci == "jeffreys":
        return JEFFREYS_METHOD.replace("per group", "per group, train and test apart", 1)
    return "percentile (row bootstrap per group, train and test apart)"


def _contain(low, high, method: str, value: float):
    """Every reported interval contains its estimate; where it had to be extended, say so."""
    iv = contain_one(Interval(low, high, method), value, EXTENDED_NOTE)
    return iv.low, iv.high, iv.method


def _interval(value: float, boot: np.ndarray, ci: str = "jeffreys", level: float = CI_LEVEL):
    """Equal-tailed interval of the draws, extended to the estimate when it lies outside."""
    if not np.isfinite(value):
        return None, None, f"{_method_name(ci)}: not reported, point estimate undefined"
    boot = np.array(boot, float).reshape(-1, 1)  # a copy: _percentile_ends reorders it
    if len(boot) and np.isfinite(boot).all():  # as ``interval`` (no sort: 47 groups', 1.4 s)
        ends = _percentile_ends(boot, np.ones(1, bool), level)
        iv = Interval(float(ends[0][0]), float(ends[1][0]), _method_name(ci))
    else:  # non-finite draws left out, or too many of them
        iv = interval(value, boot[:, 0], name=_method_name(ci), level=level, extend=False)
    degenerate = iv.defined and iv.low == iv.high
    return _contain(iv.low, iv.high, iv.method + (DEGENERATE if degenerate else ""), value)


def _folded_interval(signed, ci: str = "jeffreys", what=""):
    """Interval of max_i |s_i| from the percentile intervals of the signed differences s_i
    (``signed``: :class:`_PairDiffs`, read once).

    Each signed interval [l, h] is folded at 0 (to [0, max(|l|, |h|)] when it contains 0, else
    [min(|l|, |h|), max(|l|, |h|)]); the result is [max of the lows, max of the highs]. Unlike
    a percentile interval of |s| itself it covers a true gap of 0 and contains the estimate
    whenever each signed interval contains its own. Each signed interval is first extended to
    its own estimate. With m > 1 differences (``what`` says which: every group pair's, or
    their TPR and FPR) each is taken at the Bonferroni level 1 − α/m from the same draws: the
    max covers its true value when every difference is covered, so they must hold together
    (at 95% each, the EO-Gap of two groups covered a true gap of 0 in about 0.95² ≈ 90%).
    """
    lows, highs, values, notes = [], [], [], set()  # one number per chunk of differences
    plain, m = _method_name(ci), len(signed)
    level = CI_LEVEL if m <= 1 else 1 - (1 - CI_LEVEL) / m
    for points, draws in signed.chunks():
        low, high, said = _signed_intervals(points, draws, ci, level)
        if low is None:  # an undefined difference: the gap's interval with it
            return None, None, said
        folded = np.where((low <= 0) & (high >= 0), 0.0, np.minimum(abs(low), abs(high)))
        lows.append(float(folded.max()))  # each chunk's max: the max of its folded values
        highs.append(float(np.maximum(abs(low), abs(high)).max()))
        values.append(float(abs(points).max()))
        notes |= {note.lstrip("; ") for note in said} - {""}
    method = f"{plain} of the signed difference(s), folded at 0"
    if m > 1:
        method = (
            f"{plain} of the {m} signed differences ({what}), each at the Bonferroni level "
            f"1 − 0.05/{m} = {_nines(level)!r} so that they hold together, folded at 0; "
            "the gap's interval is [max of the folded lows, max of the folded highs]"
        )
    if notes:
        method += f"; signed: {'; '.join(sorted(notes))}"
    return _contain(max(lows), max(highs), method, max(values))


def _estimate(
    value,
    boot,
    *,
    undefined: str | None,
    insufficient: str | None,
    signed=None,
    ci: str = "jeffreys",
    what: str = "",
    floor_explains: bool = False,
):
    """A statistic in the shared vocabulary; ``signed`` = components for a folded interval.
    ``floor_explains``: an undefined value comes from groups below the floor only, so it is
    INSUFFICIENT_DATA (UNDEFINED is kept for a value undefined with enough data)."""
    status, reason = metric_status(
        value if np.isfinite(value) else None,
        None,
        below_floor=insufficient,
        undefined=undefined or "a denominator is 0",
    )
    if status == UNDEFINED and insufficient and floor_explains:
        reason = f"{insufficient}; undefined too: {reason.removeprefix('undefined: ')}"
        return MetricEstimate(None, None, None, "none (below the floor)", INSUFFICIENT_DATA, reason)
    if status == UNDEFINED:
        return MetricEstimate(None, None, None, UNDEFINED_METHOD, status, reason)
    if status == INSUFFICIENT_DATA:
        return MetricEstimate(float(value), None, None, "none (below the floor)", status, reason)
    if signed is not None:
        low, high, method = _folded_interval(signed, ci, what)
    else:
        low, high, method = _interval(float(value), boot, ci)
    return MetricEstimate(float(value), low, high, method, status, reason)


def pcer_audit(
    train: SplitPredictions,
    test: SplitPredictions,
    *,
    group_order=None,
    eta: float = DEFAULT_ETA,
    positive_is_favorable: bool = True,
    policy: Policy | None = None,
    **options,
) -> PCERResult:
    """Algorithm 1: the post-hoc PCER audit of one trained classifier, with intervals.

    Parameters
    ----------
    train, test : SplitPredictions
        The model's training split and held-out data: labels, predictions, groups (and, for
        the attack, per-example losses).
    group_order : sequence of str, optional
        Which group is 0 and which is 1 (ΔPCER = PCER_0 − PCER_1). Default: sorted names.
    eta : float
        Floor constant of the headline ΔPCER.
    positive_is_favorable : bool
        Whether a positive prediction is a benefit (income > 50K) or a harm (recidivism); words
        the interpretation of the sign.
    policy : Policy, optional
        Its ``pcer_min_group_size`` is the rows per group per split below which a group, and
        every gap that involves it, is INSUFFICIENT_DATA (no interval, ΔPCER not headlined).
    **options
        The interval settings (:data:`AUDIT_SETTINGS`): ``etas``, the sensitivity analysis's
        floor constants; ``n_boot``, the draws (at least 100; not given: 1,000, or the 20·m
        the spreads' Bonferroni level 1 − 0.05/m needs for 8 to 47 groups; fewer are refused);
        ``random_state``, their seed (the same seed, the same intervals); ``ci``, how each
        group's cells are drawn: ``"jeffreys"`` (default, an empty cell still varies) or
        ``"percentile"`` (the row bootstrap). The module's notes say more of both.

    Returns
    -------
    PCERResult
        Point values as attributes (``delta_pcer``, ``groups[i].delta``, ...); in ``estimates``
        (and each group's) each with a 95% interval (row sampling of this model, not retraining:
        ``note``), its method, a status (REPORTED, INSUFFICIENT_DATA, UNDEFINED) and a reason.
    """
    eta, settings = check_eta(eta), _audit_settings(options, positive_is_favorable)
    floor_n, ci = check_policy(policy).pcer_min_group_size, settings["ci"]
    order, cells, stats = _statistics_and_draws(train, test, group_order, eta, settings)
    rows, small, notes = _group_rows((train, test), order, cells, stats, floor_n, ci)
    estimates = _result_estimates(rows, small, stats, floor_n, ci, settings["raised"])
    result = PCERResult(
        groups=rows,
        group_order=order,
        eta=eta,
        **_result_values(stats[0]["result"], rows, order, settings["etas"]),
        positive_is_favorable=bool(positive_is_favorable),
        min_group_size=floor_n,
        mia=_attack((train, test), order, eta, rows, stats[0]["result"], floor_n),
        notes=[*_input_notes(train, test, order), *notes, *_short_note(estimates, len(order))],
        estimates=estimates,
        **{key: int(settings[key]) for key in ("n_boot", "random_state")},
    )
    return _interpreted(result)


def _interpreted(result: PCERResult) -> PCERResult:
    """The result with its sentence, which reads the finished statistics: a copy, not a
    patched object."""
    return dataclasses.replace(result, interpretation=interpret(result))


def _input_notes(train: SplitPredictions, test: SplitPredictions, order) -> list[str]:
    """What the audit notes of its inputs: test rows that are train rows, and every prediction
    of both splits its label (a perfect model, or the label column given as the predictions
    too: then every δ_g is 0 and PCER_g = R_g / η)."""
    notes = [note for note in (shared_rows_note(train, test, order),) if note]
    if all(np.array_equal(s.y_true, s.y_pred) for s in (train, test)):
        notes.append(
            "every prediction equals its label on train and test: every accuracy is 1 and "
            "every δ_g is 0, so PCER_g = R_g / η measures no privacy cost. If the label "
            "column was given as the predictions too, give the model's predictions"
        )
    return notes


def _result_values(res: dict, rows, order, etas) -> dict:
    """The result-level point values as PCERResult holds them (undefined: None), with the
    floor sensitivity."""
    signed = json_number(res["dp_gap_signed"])
    gap = signed if len(order) == 2 else res["dp_gap"]
    floor = list(_floor_checks(rows, order, etas, gap, res.get("exact")))
    return {
        "delta_pcer": json_number(res["delta_pcer"]),
        "dispersion": float(res["dispersion"]),
        "dp_gap": float(res["dp_gap"]),
        "dp_gap_signed": signed,
        "eo_gap": json_number(res["eo_gap"]),
        "floor": floor,
        "scales_like_inverse_eta": _scales_like_inverse_eta(floor),
    }


def _attack(splits, order, eta, rows, result: dict, floor_n: int) -> MIAResult | None:
    """The threshold membership-inference attack, when both splits carry losses; a group
    below the PCER floor has its attack values withheld. ``result``: the point statistics."""
    train, test = splits
    if train.loss is None or test.loss is None:
        return None
    exact = result.get("exact")  # R_g as Fractions: ΔPCER^MIA exact, as ΔPCER is
    return membership_inference(
        train,
        test,
        group_order=order,
        eta=eta,
        positive_rates=exact[0] if exact else {r.group: r.positive_rate for r in rows},
        delta_pcer=json_number(result["delta_pcer"]),
        min_group_size=floor_n,
    )


# pcer_audit's interval and floor settings (keyword arguments) and their defaults.
# n_boot None: DEFAULT_N_BOOT, or the more draws the spreads' Bonferroni level needs.
AUDIT_SETTINGS = {"etas": FLOOR_ETAS, "n_boot": None, "random_state": 0, "ci": "jeffreys"}


def _audit_settings(options: dict, positive_is_favorable) -> dict:
    """The settings given by keyword, defaults for the rest; an unknown keyword is refused as
    ``audit`` refuses one (a TypeError too). The arguments' types are checked first: pcer_audit's
    ``positive_is_favorable`` is a bool (``bool("no")`` is True: it would word a harm as a
    benefit; ``group_order`` is checked with the splits, ``check_split_groups``). The
    sensitivity analysis's floor constants ``etas`` are each in :func:`check_eta`'s range."""
    if not isinstance(positive_is_favorable, bool | np.bool_):
        raise argument_error(
            "must be True or False",
            "positive_is_favorable",
            positive_is_favorable,
            "positive_is_favorable=True (a positive prediction is a benefit) or False (a harm)",
        )
    keywords = [*AUDIT_SETTINGS, "group_order", "eta", "positive_is_favorable", "policy"]
    refuse_unknown("pcer_audit", options, AUDIT_SETTINGS, keywords)  # a TypeError too
    settings = {**AUDIT_SETTINGS, **options}
    etas = settings["etas"]
    if isinstance(etas, (*TEXT_LIKE, dict, set, frozenset)) or not hasattr(etas, "__iter__"):
        raise argument_error(
            "must be a sequence of floor constants", "etas", etas, "e.g. etas=(1e-3, 1e-2)"
        )
    settings["etas"] = tuple(check_eta(e, "etas") for e in etas)
    if not settings["etas"]:  # an empty floor sensitivity would read as one not run
        raise argument_error(
            "holds no floor constant: the sensitivity analysis needs at least one",
            "etas",
            list(etas),
            f"e.g. etas={FLOOR_ETAS} (the default), or leave it out",
        )
    return settings


@refusing_unknown_keywords
def pcer_policy(min_group_size: int | None = None, where: str = "min_group_size") -> Policy:
    """The default :class:`~ethiclens.fairness.Policy` with its PCER floor (rows per group
    per split) set to ``min_group_size`` when given; a bad value is named as ``where``."""
    if min_group_size is None:
        return Policy()
    try:
        return Policy(pcer_min_group_size=min_group_size)
    except EthicLensInputError as exc:
        raise EthicLensInputError(
            exc.problem,
            column=where,
            kind="argument" if where.isidentifier() else None,  # else an option, a key
            value=min_group_size,
            fix="use 1 or more (default 30)",
        ) from None


def _check_splits(train, test, group_order) -> tuple[str, ...]:
    """Two different splits with the same groups and a valid floor: the group order."""
    order = check_split_groups(train, test, group_order)
    # losses on one split only are refused, as ``pcer audit --loss`` refuses a file without
    # the column: the membership-inference attack needs both, and skipping it unsaid would
    # look like an audit that ran it
    refuse_one_split_losses(train, test)
    if len(order) < 2:
        raise argument_error(
            f"needs at least two groups, found {names_words(order) or 'none'}",
            "groups",
            fix="audit an attribute with two or more groups in both splits",
        )
    refuse_same_rows(train, test)  # after the arguments: a bad one is named first
    return order


def _statistics_and_draws(train, test, group_order, eta: float, settings: dict):
    """The checked group order, each split's cells, and the point statistics with their
    draws, per group and for the result (key ``result``); ``settings["n_boot"]`` is set to
    the draws taken (:func:`_interval_draws`)."""
    try:
        check_ci(settings["ci"], CI_METHODS)
    except EthicLensInputError as exc:  # an argument of pcer_audit, not a column
        raise argument_error(exc.problem, "ci", exc.value, exc.fix) from None
    check_seed(settings["random_state"], "random_state")
    order = _check_splits(train, test, group_order)
    asked = settings["n_boot"]
    # (n_boot, groups, 4) floats per split: 1e11 asked for 5.8 TiB. Checked once the groups
    # are known: the fix names the draws they take by default, which their level accepts
    # (8 groups: 1,120; the usual 1000 is refused there)
    if asked is not None:  # None: as many as the groups need (_interval_draws)
        check_draws(asked, "n_boot", default=_interval_draws(None, len(order)))
    settings["n_boot"] = _interval_draws(asked, len(order))
    settings["raised"] = asked is None and settings["n_boot"] > DEFAULT_N_BOOT  # not asked for
    cells_tr, cells_te = split_cells(train, order), split_cells(test, order)
    point = group_statistics(cells_tr, cells_te, eta)
    rng = np.random.default_rng(int(settings["random_state"]))
    n_boot, ci = settings["n_boot"], settings["ci"]
    # each group drawn as in the default (sorted) order whatever group_order: reordering the
    # groups mirrors ΔPCER and its interval and moves no other interval (it redrew them all)
    drawn = sorted(range(len(order)), key=order.__getitem__)
    back = np.argsort(drawn)
    with np.errstate(all="ignore"):  # a group without rows: its draws are 0/0, NaN
        boot = group_statistics(
            draw_cells(cells_tr[drawn], n_boot, rng, ci)[:, back],
            draw_cells(cells_te[drawn], n_boot, rng, ci)[:, back],
            eta,
        )
        point["result"], boot["result"] = result_statistics(point), result_statistics(boot)
    _exact_point(point, cells_tr, cells_te, order, eta)
    return order, (cells_tr, cells_te), (point, boot)


# The most draws times (groups + pairs of groups) an audit makes: 200 groups' 20,100 at 2,000
# draws (its seconds; 10,000 draws took 97 s and 850 MB), two groups' 3 at a million.
MAX_DRAWN = 50_000_000


def _interval_draws(n_boot: int | None, n_groups: int) -> int:
    """The draws of the intervals, checked before any is drawn. The EO-Gap takes each of its
    m = 2 x pairs signed differences at the Bonferroni level 1 − 0.05/m (the spreads' highest
    level), whose interval needs 20·m draws, one outside it (``check_level_draws``: from fewer
    its ends are the extreme draws, which cover less than the level says). ``n_boot`` None:
    :data:`DEFAULT_N_BOOT` or those 20·m, whichever is more; given: refused past the budget
    (:func:`_check_draw_budget`) or below them. Groups whose level no budgeted draws reach
    (48 or more) take the default (or given) draws: the spreads their draws do not reach get
    no interval (:func:`_short_of_level`), no more draws would give them one."""
    pairs = n_groups * (n_groups - 1) // 2
    m = 2 * pairs
    level = 1 - (1 - Fraction(str(CI_LEVEL))) / m
    why = (
        f"the EO-Gap's {m:,} signed differences ({n_groups} groups' TPR and FPR gaps) are each "
        f"drawn at the Bonferroni level 1 − {1 - CI_LEVEL:g}/{m}"
    )
    if n_boot is not None:
        _check_draw_budget(n_boot, n_groups)
    if not _reachable(n_groups):  # not even the most draws the audit keeps: no EO-Gap interval
        return DEFAULT_N_BOOT if n_boot is None else n_boot
    if n_boot is None:
        return max(DEFAULT_N_BOOT, 40 * pairs)  # 20·m: n_boot · 0.05/m ≥ 1
    check_level_draws(n_boot, level, "n_boot", value=n_boot, why=why, instead="merge groups")
    return n_boot


def _reachable(n_groups: int) -> bool:
    """Whether the draws the EO-Gap's Bonferroni level needs (20·m = 40 per pair of groups)
    are within the budget of ``n_groups`` groups (:data:`MAX_DRAWN`)."""
    pairs = n_groups * (n_groups - 1) // 2
    return 40 * pairs <= MAX_DRAWN // (n_groups + pairs)


def _most_groups() -> int:
    """The most groups whose intervals' Bonferroni level the budget reaches (47)."""
    return next(g for g in range(2, 1000) if not _reachable(g + 1))


def _check_draw_budget(n_boot: int, n_groups: int) -> None:
    """Refuse ``n_boot`` draws of ``n_groups`` groups whose every pair's draws would take
    minutes and GiB of memory (checked before any is drawn)."""
    pairs = n_groups * (n_groups - 1) // 2
    most = MAX_DRAWN // (n_groups + pairs)
    if n_boot > most:
        fix = f"use at most {most:,}, or merge groups"
        if not _reachable(n_groups):  # and no draws would give the EO-Gap an interval
            fix += f" ({_most_groups()} or fewer get every spread's interval)"
        raise argument_error(
            f"at most {most:,} draws for {n_groups} groups ({pairs:,} pairs): each pair's "
            f"draws are kept, so {n_boot:,} would take minutes and GiB of memory",
            "n_boot",
            n_boot,
            fix,
        )


def _group_rows(splits, order, cells, stats, floor_n: int, ci: str):
    """Each group's :class:`GroupPCER`, the groups below the floor and the notes on them."""
    (train, test), (cells_tr, cells_te), (point, boot) = splits, cells, stats
    rows, small, notes = [], [], []
    for i, g in enumerate(order):
        n_tr, n_te = int(cells_tr[i].sum()), int(cells_te[i].sum())
        insufficient = None
        if n_tr < floor_n or n_te < floor_n:  # below the PCER floor in either split
            insufficient = (
                f"n_train = {n_tr}, n_test = {n_te}, below the floor of {floor_n} rows per split "
                f"({spaced_name(g)})"
            )
            small.append(g)
            notes.append(
                f"group {g!r}: {n_tr} train / {n_te} test rows, below the floor of "
                f"{floor_n} per split; its PCER is not reliable"
            )
        estimates = {
            name: _estimate(
                point[name][i],
                boot[name][:, i],
                insufficient=insufficient,
                undefined=_undefined_reason(name, g, cells_tr[i], cells_te[i]),
                ci=ci,
                floor_explains=True,  # the group itself is below the floor
            )
            for name in GROUP_STATISTICS
        }
        rows.append(
            GroupPCER(
                group=g,
                n_train=n_tr,
                n_test=n_te,
                **{k: json_number(point[k][i]) for k in GROUP_STATISTICS},  # undefined: None
                mean_loss_train=_mean_loss(train, g),
                mean_loss_test=_mean_loss(test, g),
                status=INSUFFICIENT_DATA if insufficient else REPORTED,
                reason=insufficient,
                estimates=estimates,
            )
        )
    return rows, small, notes


def _mean_loss(split: SplitPredictions, group: str) -> float | None:
    """The group's mean loss; finite losses whose sum overflows (near 1e308) are averaged
    scaled by their largest, never inf (written as null: undefined)."""
    if split.loss is None:
        return None
    loss = split.loss[split.mask(group)]
    with np.errstate(over="ignore"):
        mean = loss.mean()
    return float(mean if np.isfinite(mean) else loss.max() * (loss / loss.max()).mean())


def _pairwise_components(stats, n_groups: int) -> dict:
    """The unsigned gaps' signed components: for each pair i < j of groups the difference
    s_i − s_j of PCER_g (dispersion), R_g (DP-Gap), TPR and FPR (EO-Gap), point and draws.
    Two groups: the one pair, group 0 − group 1 (ΔPCER and R_0 − R_1)."""
    return {
        "dispersion": _PairDiffs(stats, n_groups, ("pcer",)),
        "dp_gap": _PairDiffs(stats, n_groups, ("positive_rate",)),
        "eo_gap": _PairDiffs(stats, n_groups, ("tpr_test", "fpr_test")),
    }


class _PairDiffs:
    """The signed differences (point, draws) of ``keys`` for each pair i < j of groups, made
    one at a time as they are read: 1,000 groups make 499,500 pairs, whose draws held at once
    took gigabytes per statistic."""

    def __init__(self, stats, n_groups: int, keys: tuple[str, ...]):
        self.stats, self.n, self.keys = stats, n_groups, keys

    def __len__(self) -> int:
        return len(self.keys) * self.n * (self.n - 1) // 2

    def chunks(self, size: int | None = None):
        """(points (c,), draws (n_boot, c)) of ``size`` pairs at a time, in pair order (each
        chunk's draws one contiguous (c, n_boot) block, read transposed). Default: 2,048 pairs
        of 1,000 draws, fewer of more (the 43,240 draws of 47 groups' level: 1.4 GB at 2,048)."""
        point, boot = self.stats
        first, second = np.triu_indices(self.n, 1)
        for k in self.keys:
            p, rows = point[k], np.ascontiguousarray(boot[k].T)  # (n_groups, n_boot)
            size = size or min(2048, max(1, 2048 * DEFAULT_N_BOOT // rows.shape[1]))
            for at in range(0, len(first), size):
                i, j = first[at : at + size], second[at : at + size]
                yield p[i] - p[j], (rows[i] - rows[j]).T


def _percentile_ends(draws, columns, level: float):
    """The percentile interval ends (low, high) of the ``columns`` (a mask) of ``draws``
    (n_boot, c), NaN for the others: bit for bit ``bootstrap_intervals``' percentile batch
    (numpy's ``linear`` quantile of the sorted draws), read from partitions at the order
    statistics the two quantiles read instead of a full sort of every column (47 groups'
    4,324 differences of 43,240 draws: 21 s of sorting). The high end's are read as the low
    ones of the negated draws (numpy selects the first few order statistics fastest). Where
    every column is wanted and each is contiguous, ``draws`` is reordered within each column
    in place (no copy)."""
    n, c = draws.shape
    low, high = np.full(c, np.nan), np.full(c, np.nan)
    if not n or not columns.any():
        return low, high
    rows = draws.T  # every column wanted, each contiguous (a chunk's own): reordered in place
    if not (columns.all() and rows.flags.c_contiguous and rows.flags.writeable):
        rows = rows[columns]  # a copy, one row per column
    alpha = (1 - level) / 2  # fairness' _tails
    ends = []
    for q, sign in ((alpha, 1.0), (1 - alpha, -1.0)):
        v = (n - 1) * float(q)
        prev = 0 if v < 0 else (n - 1 if v >= n - 1 else math.floor(v))
        nxt = 0 if v < 0 else (n - 1 if v >= n - 1 else prev + 1)
        gamma = v - (0 if v < 0 else (-1 if v >= n - 1 else prev))
        if sign > 0:
            rows.partition(sorted({prev, nxt}), axis=1)
            a, b = rows[:, prev], rows[:, nxt]
        else:  # sorted(-x)[n - 1 - i] = -sorted(x)[i]
            flipped = np.negative(rows)
            flipped.partition(sorted({n - 1 - nxt, n - 1 - prev}), axis=1)
            a, b = -flipped[:, n - 1 - prev], -flipped[:, n - 1 - nxt]
        diff = b - a  # numpy's _lerp, as fairness' quantiles
        out = a + diff * gamma
        np.subtract(b, diff * (1 - gamma), out=out, where=gamma >= 0.5)
        ends.append(out)
    low[columns], high[columns] = ends
    return low, high


def _signed_intervals(points, draws, ci: str, level: float):
    """One chunk of signed differences: their (lows, highs) as :func:`_interval` gives each and
    the notes of their methods, or (None, None, method) of the first undefined one. Those whose
    point and draws are finite as one batch, extended to their estimates as arrays (no step per
    pair: 200 groups make 19,900 pairs); the others one at a time."""
    ok = np.isfinite(points) & np.isfinite(draws).all(axis=0)
    b_low, b_high = _percentile_ends(draws, ok, level)
    low, high = np.fmin(b_low, points), np.fmax(b_high, points)  # _contain's
    moved, flat = (low != b_low) | (high != b_high), b_low == b_high
    notes = {
        (DEGENERATE if f else "") + (f"; {EXTENDED_NOTE}" if m else "")
        for f, m in set(zip(flat[ok].tolist(), moved[ok].tolist(), strict=True))
    }
    for k in np.flatnonzero(~ok).tolist():
        lo, hi, method = _interval(float(points[k]), draws[:, k], ci, level)
        if lo is None or hi is None:
            return None, None, method
        low[k], high[k] = lo, hi
        notes.add(method.removeprefix(_method_name(ci)))
    return low, high, notes


def _result_estimates(rows, small, stats, floor_n: int, ci: str, raised=False) -> dict:
    """ΔPCER, the dispersion and the gaps, each with its interval and status; the spreads'
    intervals fold simultaneous intervals of every pair's signed difference
    (:func:`_folded_interval`), Bonferroni-adjusted for more than two groups; a spread whose
    level the draws do not reach (48 groups or more) gets none, and no pair of it is drawn
    (:func:`_short_of_level`). ``raised``: the draws are more than the default, as the EO-Gap's
    level needs (the spreads say so)."""
    point, boot = stats
    signed = _pairwise_components(stats, len(rows))
    n_drawn = len(boot["result"]["dispersion"])
    pairs = (
        "the group pair's"
        if len(rows) == 2
        else f"each of the {len(signed['dp_gap'])} group pairs'"
    )
    out = {}
    for name in RESULT_STATISTICS:
        insufficient = None
        short = name in signed and _short_of_level(len(signed[name]), n_drawn, len(rows))
        if small:
            said = "not headlined" if name in ("delta_pcer", "dispersion") else "not reported"
            named = ", ".join(map(spaced_name, small))
            insufficient = f"{said}: group(s) {named} below the floor of {floor_n} rows per split"
        out[name] = _estimate(
            point["result"][name],
            boot["result"][name],
            undefined=_result_undefined_reason(name, rows),
            insufficient=insufficient,
            signed=None if short else signed.get(name),
            ci=ci,
            what=f"{pairs} TPR and FPR" if name == "eo_gap" else pairs,
            floor_explains=_undefined_by_floor(name, rows, small),
        )
        if short and out[name].status == REPORTED:  # its value, no interval: the reason why
            out[name] = MetricEstimate(out[name].value, None, None, SHORT_METHOD, REPORTED, short)
        if raised and name in signed and out[name].ci_low is not None:
            drawn = f"; from {len(boot['result'][name]):,} draws, not {DEFAULT_N_BOOT:,}: {RAISED}"
            out[name] = dataclasses.replace(out[name], ci_method=out[name].ci_method + drawn)
    return out


# The method of a spread its draws give no interval (_short_of_level says why).
SHORT_METHOD = "none (too few draws for its Bonferroni level)"


def _short_of_level(m: int, drawn: int, n_groups: int) -> str | None:
    """Why a spread of ``m`` signed differences gets no interval from ``drawn`` draws, or None
    when they reach its Bonferroni level 1 − 0.05/m (20·m draws, one outside each interval:
    ``check_level_draws``' rule). Only past 47 groups: fewer are drawn enough or refused."""
    tails = (1 - Fraction(str(CI_LEVEL))) / max(m, 1)
    if drawn * tails >= 1:
        return None
    pairs = n_groups * (n_groups - 1) // 2
    need, most = math.ceil(1 / tails), MAX_DRAWN // (n_groups + pairs)
    said = (
        f"no interval: its {m:,} signed differences, each at the Bonferroni level 1 − "
        f"{1 - CI_LEVEL:g}/{m} = {_nines(float(1 - tails))!r}, need {need:,} draws"
    )
    if need > most:
        return (
            f"{said}, more than the {most:,} the memory budget keeps for {n_groups} groups; "
            f"merge groups for an interval ({_most_groups()} or fewer get every spread's)"
        )
    return (
        f"{said}, more than the {drawn:,} drawn; give n_boot of at least {need:,} (at most "
        f"{most:,} fit {n_groups} groups), or merge groups"
    )


def _short_note(estimates: dict, n_groups: int) -> list[str]:
    """The note of the spreads given no interval (each estimate's reason says why), if any."""
    short = [name for name, e in estimates.items() if e.ci_method == SHORT_METHOD]
    if not short:
        return []
    return [
        f"no interval for {', '.join(short)}: the draws of {n_groups} groups do not reach their "
        "Bonferroni levels (each statistic's reason says how many they need); the per-group "
        "values with their intervals and the spreads' values are reported. Merge groups "
        f"({_most_groups()} or fewer) for every interval"
    ]


# How the spreads' methods say why the draws were raised (n_boot not given).
RAISED = "n_boot not given, so as many as put one draw outside each interval of the EO-Gap's level"


def _undefined_by_floor(name: str, rows: list[GroupPCER], small: list[str]) -> bool:
    """Whether statistic ``name`` is undefined only through groups below the floor (a TPR of
    a one-row group): INSUFFICIENT_DATA, as its defined values are. ΔPCER and the signed DP
    gap of more than two groups are undefined whatever the data."""
    if name in ("delta_pcer", "dp_gap_signed") and len(rows) != 2:
        return False
    keys = {"eo_gap": ("tpr_test", "fpr_test"), "dp_gap": ("positive_rate",)}
    keys["dp_gap_signed"] = keys["dp_gap"]
    bad = {r.group for r in rows for k in keys.get(name, ("pcer",)) if _undefined(getattr(r, k))}
    return bool(bad) and bad <= set(small)


def _floor_checks(rows, order, etas, gap, exact=None) -> Iterator[FloorCheck]:
    """ΔPCER at each floor constant, and whether a floor-dominated ΔPCER equals DP-Gap/η.

    ``gap``: R_0 − R_1 for two groups (checked against ΔPCER), else DP-Gap = max R − min R
    (checked against the dispersion). The identity is one of point values: it is checked
    whenever every δ_g < η, a group below the PCER floor included (its values are shown for
    reference); None when not floor-dominated (no identity holds) or a value is undefined.
    ``exact``: the rates and gaps as Fractions (:func:`exact_rates_and_gaps`), as the headline
    reads them, else the rows' floats."""
    rates = {r.group: r.positive_rate for r in rows}
    delta = {r.group: r.delta for r in rows}
    if exact is not None:
        rates, delta = exact
    for e in etas:
        _, d_e, disp_e = pcer_values(rates, delta, order, e)
        dominated = all(v < (e if exact is None else decimal_fraction(e)) for v in delta.values())
        value, check = (d_e if len(order) == 2 else disp_e), None
        if dominated and gap is not None and math.isfinite(gap) and math.isfinite(value):
            check = bool(math.isclose(value, gap / e, rel_tol=1e-9, abs_tol=1e-9))
        yield FloorCheck(
            eta=e,
            delta_pcer=d_e,
            dispersion=disp_e,
            floor_dominated=dominated,
            equals_dp_gap_over_eta=check,
        )


def _undefined(value) -> bool:
    return value is None or not math.isfinite(value)


def _result_undefined_reason(name: str, rows: list[GroupPCER]) -> str:
    if name in ("delta_pcer", "dp_gap_signed") and len(rows) != 2:
        return f"defined for two groups; this attribute has {len(rows)} (see dispersion and dp_gap)"
    if name == "eo_gap":
        bad = [
            f"{k.split('_')[0].upper()} of {spaced_name(r.group)}"
            for r in rows
            for k in ("tpr_test", "fpr_test")
            if _undefined(getattr(r, k))
        ]
        return f"undefined: {', '.join(bad)} (a group lacks positive or negative test labels)"
    # ΔPCER and the dispersion from each group's PCER_g, the DP gaps from its R_g: the groups'
    # own reasons say which one is undefined and why
    key = "positive_rate" if name.startswith("dp_gap") else "pcer"
    bad = [r.estimates[key].reason for r in rows if _undefined(getattr(r, key))]
    if not bad:
        return "a group's statistic is undefined"
    return f"{'R_g' if key == 'positive_rate' else 'PCER_g'} is undefined: {'; '.join(bad)}"


def _scales_like_inverse_eta(floor: list[FloorCheck]) -> bool | None:
    """True when |ΔPCER| (or the dispersion) falls like 1/η: log-log slope within ±10% of −1."""
    values = np.array(
        [abs(f.delta_pcer) if f.delta_pcer is not None else f.dispersion for f in floor]
    )
    # one floor constant (or one given twice) has no slope: undefined, never a fit's guess
    if len({f.eta for f in floor}) < 2 or np.any(values <= 0):
        return None
    slope = np.polyfit(np.log10([f.eta for f in floor]), np.log10(values), 1)[0]
    return bool(-1.1 <= slope <= -0.9)


# --- The sign in words.


def interpret(r: PCERResult) -> str:
    """The result in words: the ratio, then the outcome and the privacy cost, each on its own.

    For two groups the text has these sentences, each defined on its own so they cannot
    contradict each other:

    - *Ratio*: which group has the higher PCER_g = R_g / max(δ_g, η), i.e. more positive
      predictions per unit of privacy cost. For a favourable positive prediction the other group
      gets less benefit per unit of membership-inference risk. For a harmful one the ratio ranks
      no one as worse off (a larger privacy cost *lowers* it), and the text says so.
    - *Outcome*: the group with the worse outcome — the lower R_g when the positive prediction
      is favourable, the higher R_g when it is harmful.
    - *Privacy cost*: the group with the larger overfitting gap δ_g.
    - *Double disadvantage*: named only when the outcome and the privacy-cost sentences name the
      same group.
    - *Uncertainty*: whether ΔPCER's interval includes 0; the floor caveats.
    """
    dominated = all(g.delta < r.eta for g in r.groups)
    what = "benefit" if r.positive_is_favorable else "harm"
    head = r.headline
    if head.status == INSUFFICIENT_DATA:
        return (
            f"{'ΔPCER' if len(r.group_order) == 2 else 'PCER dispersion'} is "
            f"{head.reason}; the per-group values are shown for reference only."
        )
    if len(r.group_order) != 2:
        by = sorted(r.groups, key=lambda g: g.pcer)
        text = (
            f"PCER dispersion across {len(r.groups)} groups is {r.dispersion:.3g}{_ci(head)} "
            f"(positive predictions, a {what}, per unit of privacy cost); highest PCER "
            f"{spaced_name(by[-1].group)}, lowest {spaced_name(by[0].group)}."
        )
    elif r.delta_pcer is None:
        reason = head.reason or "a group's statistic is undefined"
        text = f"ΔPCER is undefined: {reason.rstrip('.')}."
    else:
        text = _ratio_sentence(r) + _ci_sentence(head) + _outcome_and_cost(r)
    name = "ΔPCER" if len(r.group_order) == 2 else "the dispersion"
    if dominated:
        text += (
            f" Every group's overfitting gap is below η = {r.eta:g}: the finding is "
            f"floor-dominated ({name} = DP-Gap/η), a rescaled demographic-parity gap, not a "
            "privacy-cost effect."
        )
    elif r.scales_like_inverse_eta:
        text += (
            f" |{name.removeprefix('the ')}| scales like 1/η across the floor constants: treat it "
            "as floor-driven."
        )
    return text


def _ci(est: MetricEstimate) -> str:
    if est.ci_method == SHORT_METHOD:  # too many groups for its level: the notes say more
        return " [no 95% CI: too many groups for its Bonferroni level, see the notes]"
    if est.ci_low is None or est.ci_high is None:
        return ""
    return f" [95% CI {est.ci_low:.3g}, {est.ci_high:.3g}]"


def _ratio_sentence(r: PCERResult) -> str:
    g0, g1 = r.group_order
    if r.delta_pcer == 0:
        return (
            f"ΔPCER = 0 (PCER_{g0} − PCER_{g1}): {g0} and {g1} have the same ratio of "
            "positive predictions to privacy cost."
        )
    hi, lo = (g0, g1) if r.delta_pcer > 0 else (g1, g0)
    text = (
        f"ΔPCER = {r.delta_pcer:+z.3g} (PCER_{g0} − PCER_{g1}): {hi} has the higher PCER, "
        f"i.e. more positive predictions per unit of privacy cost (R_g / max(δ_g, η)), "
        f"than {lo}."
    )
    if r.positive_is_favorable:
        return text + (
            f" The positive prediction is a benefit, so {lo} gets less benefit per unit of "
            "membership-inference risk."
        )
    return text + (
        " The positive prediction is a harm, so this ratio does not say which group is "
        "worse off (a larger privacy cost lowers it): read the outcome and the privacy "
        "cost below."
    )


def _ci_sentence(est: MetricEstimate) -> str:
    if est.ci_low is None or est.ci_high is None:
        return ""
    said = (
        "includes 0: this run does not establish the sign."
        if est.ci_low <= 0 <= est.ci_high
        else "excludes 0 (row resampling of this one model; seed-to-seed spread is larger)."
    )
    return f" Its 95% interval [{est.ci_low:+z.3g}, {est.ci_high:+z.3g}] {said}"


def _ranked(r: PCERResult, key: str):
    """The two groups, the one with the larger ``key`` (``positive_rate``, ``delta``) first,
    or None when they are equal."""
    a, b = (r.group(name) for name in r.group_order)
    if getattr(a, key) == getattr(b, key):
        return None
    return (a, b) if getattr(a, key) > getattr(b, key) else (b, a)


def _outcome_and_cost(r: PCERResult) -> str:
    # (worse, better) by outcome: the lower R_g for a favourable prediction, else the higher;
    # (costlier, other) by the overfitting gap δ_g
    outcome, cost = _ranked(r, "positive_rate"), _ranked(r, "delta")
    if outcome is not None and r.positive_is_favorable:
        outcome = outcome[::-1]
    if outcome is None:
        text = (
            f" Outcome: both groups receive the positive prediction at the same rate "
            f"(R = {r.groups[0].positive_rate:.3f})."
        )
    else:
        how = "favourable prediction less" if r.positive_is_favorable else "harmful prediction more"
        text = (
            f" Outcome: {spaced_name(outcome[0].group)} receives the {how} often (R "
            f"{outcome[0].positive_rate:.3f} vs {outcome[1].positive_rate:.3f})."
        )
    if cost is None:
        text += (
            f" Privacy cost: both groups have the same overfitting gap (δ {r.groups[0].delta:.4f})."
        )
    else:
        text += (
            f" Privacy cost: {spaced_name(cost[0].group)} has the larger overfitting gap, the "
            f"bound on its membership-inference advantage (δ {cost[0].delta:.4f} vs "
            f"{cost[1].delta:.4f})."
        )
    if outcome is not None and cost is not None and outcome[0] is cost[0]:
        text += (
            f" Double disadvantage: {spaced_name(cost[0].group)} has both the worse outcome "
            "and the larger privacy cost."
        )
    elif outcome is not None and cost is not None:
        text += (
            f" No double disadvantage: {spaced_name(outcome[0].group)} has the worse outcome, "
            f"{spaced_name(cost[0].group)} the larger privacy cost."
        )
    return text
