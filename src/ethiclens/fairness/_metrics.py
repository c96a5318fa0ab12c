"""Fairness metrics as vectorised functions of confusion cells.

Every function takes arrays whose last axis holds the cells (``tp, fp, fn, tn`` or
``pos, neg``) and broadcasts over the leading axes, so the same code computes a point estimate,
a thousand bootstrap replicates or every jackknife leave-one-out at once. Undefined values
(a zero denominator) are NaN here and become ``null`` in reports, never 0 or inf.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .._checks import (
    argument_kinds,
    check_member,
    did_you_mean,
    is_number,
    names_words,
    numbers_kind,
    past_float_range,
)
from .._registry import Registry, check_entry_name
from ..errors import EthicLensInputError
from ._keywords import refusing_unknown_keywords
from ._policy import JUDGES


def _ratio(num, den):
    """num / den, NaN where den is not > 0 (undefined, never 0 or inf)."""
    # one plain division and one select: about twice as fast on the audit's millions of draws
    # as a masked division into a NaN-filled array, with the same numbers
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(np.greater(den, 0), np.divide(num, den), np.nan)


def _cells_kind(width: int, names: str):
    """An argument kind (``_checks.argument_kinds``) of the metric functions: counts whose last
    axis holds at least ``width`` cells (``names``); the engine's float arrays pass at once (the
    audit calls these on its draws), anything else is checked: None, text, a set, a dict, a
    generator, a 0-d array or a frame is refused naming ``cells``, never numpy's TypeError or
    an IndexError from inside."""
    numbers = numbers_kind()

    def check(value, argument: str) -> None:
        if isinstance(value, np.ndarray) and value.ndim and value.dtype.kind in "biuf":
            shape = value.shape
        else:
            numbers(value, argument)  # an array-like of numbers, or refused
            shape = np.shape(value)
        if shape[-1] < width:
            raise EthicLensInputError(
                f"must hold {width} counts ({names}) on its last axis, not {shape[-1]}",
                column=argument,
                kind="argument",
                fix=f"pass one row of counts per group, e.g. [[40, 10, 5, 45]] ({names})",
            )

    return check


_CELLS = _cells_kind(4, "tp, fp, fn, tn")


@argument_kinds(cells=_cells_kind(1, "pos, or tp, fp, fn, tn"))
def selection_rate(cells, labelled: bool):
    """P(Ŷ = 1) from cells."""
    cells = np.asarray(cells, float)
    if labelled and cells.shape[-1] < 4:  # two cells read as four: tp + fp was the whole row
        _CELLS(cells, "cells")  # refused naming cells, never a silent 1.0 or an IndexError
    pos = cells[..., 0] + cells[..., 1] if labelled else cells[..., 0]
    return _ratio(pos, cells.sum(axis=-1))


def _share(name: str, num: tuple, den: tuple | None = None):
    """The rate ``name`` of the cells ``num`` among the cells ``den`` (indices of tp, fp, fn,
    tn; None: every row), of cells given as an array or a list of counts."""

    def rate(cells):
        cells = np.asarray(cells, float)
        top = cells[..., num[0]] + cells[..., num[1]] if len(num) > 1 else cells[..., num[0]]
        rows = cells.sum(axis=-1) if den is None else cells[..., den[0]] + cells[..., den[1]]
        return _ratio(top, rows)

    rate.__name__ = rate.__qualname__ = name  # the registry's name of the metric
    return argument_kinds(cells=_CELLS)(rate)


TP, FP, FN, TN = range(4)
true_positive_rate = _share("true_positive_rate", (TP,), (TP, FN))
false_positive_rate = _share("false_positive_rate", (FP,), (FP, TN))
positive_predictive_value = _share("positive_predictive_value", (TP,), (TP, FP))
base_rate = _share("base_rate", (TP, FN))
accuracy = _share("accuracy", (TP, TN))
false_negative_rate = _share("false_negative_rate", (FN,), (TP, FN))
negative_predictive_value = _share("negative_predictive_value", (TN,), (FN, TN))
false_discovery_rate = _share("false_discovery_rate", (FP,), (TP, FP))
false_omission_rate = _share("false_omission_rate", (FN,), (FN, TN))


@argument_kinds(cells=_CELLS)
def theil_index(cells):
    """Generalised entropy (α = 1) of the benefit b = ŷ − y + 1, as AIF360 defines it.

    b is 1 for TP and TN, 2 for FP and 0 for FN (0·ln 0 = 0), so the index is a function of the
    cells: GE(1) = (1/n) Σ (b/μ) ln(b/μ) with μ = (TP + TN + 2·FP) / n. Undefined when μ = 0.
    """
    cells = np.asarray(cells, float)
    tp, fp, fn, tn = (cells[..., i] for i in range(4))
    n = tp + fp + fn + tn
    kept = tp + tn
    mu = _ratio(kept + 2 * fp, n)
    # In place where a temporary is ours (the audit runs this on millions of draws); each value
    # is the same expression as (tp + tn)·inv·ln(inv) + [fp > 0]·2fp·inv·ln(2·inv), over n.
    with np.errstate(all="ignore"):
        inv = np.divide(1.0, mu)
        ones = kept * inv
        ones *= np.log(inv)
        twos = fp * 2
        twos *= inv
        twos *= np.log(2 * inv)
        ones += np.where(fp > 0, twos, 0.0)
        ones /= n
        return np.where(mu > 0, ones, np.nan)


def disparate_impact(g, r, labelled):
    """r_0 / r_1: comparison group's selection rate over the reference group's."""
    return _ratio(selection_rate(g, labelled), selection_rate(r, labelled))


def statistical_parity_difference(g, r, labelled):
    return selection_rate(g, labelled) - selection_rate(r, labelled)


def equal_opportunity_difference(g, r, labelled=True):
    return np.abs(true_positive_rate(g) - true_positive_rate(r))


def fpr_balance(g, r, labelled=True):
    return np.abs(false_positive_rate(g) - false_positive_rate(r))


def equalized_odds_difference(g, r, labelled=True):
    # np.maximum propagates NaN: an undefined TPR or FPR leaves EO undefined, never zero.
    return np.maximum(equal_opportunity_difference(g, r), fpr_balance(g, r))


def predictive_parity_difference(g, r, labelled=True):
    return np.abs(positive_predictive_value(g) - positive_predictive_value(r))


def theil_difference(g, r, labelled=True):
    return theil_index(g) - theil_index(r)


@refusing_unknown_keywords
def calculate_disparate_impact(privileged_rate: float, unprivileged_rate: float) -> float:
    """Disparate impact r_0 / r_1 (unprivileged over privileged selection rate).

    Raises
    ------
    ValueError
        When the privileged rate is zero: the ratio is undefined, not 0 or inf; when a rate is
    not a number in [0, 1] (a selection rate is a share), which no selection could give.
    """
    for name, rate in (
        ("privileged_rate", privileged_rate),
        ("unprivileged_rate", unprivileged_rate),
    ):
        # NaN, -0.1, 1.2, '0.5', True; 10**400 compared as written (float() would overflow)
        if not is_number(rate) or not 0 <= rate <= 1:
            raise EthicLensInputError(
                "must be a selection rate, a number in [0, 1]",
                column=name,
                kind="argument",
                value=rate,
                fix="pass each group's share of positive predictions, e.g. 0.45",
            )
    if privileged_rate == 0:
        raise ValueError(
            "disparate impact is undefined: the privileged (reference) group's selection rate "
            "is 0, so r_0 / r_1 has a zero denominator"
        )
    ratio = unprivileged_rate / privileged_rate
    if not np.isfinite(ratio):  # a subnormal rate (1e-320): past the largest float, never inf
        raise ValueError(
            f"disparate impact is too large to represent: r_0 / r_1 = {unprivileged_rate!r} / "
            f"{privileged_rate!r} overflows a float (the ratio is never given as inf)"
        )
    return ratio


COMPOSITE_WEIGHTS = {"di": 0.40, "spd": 0.35, "eo": 0.25}
COMPOSITE_BANDS = ((0.60, "High Risk"), (0.80, "Medium Risk"), (float("inf"), "Low Risk"))


@refusing_unknown_keywords
def compute_composite_bias_score(di: float, spd: float, eo: float) -> float:
    """Composite Bias Score in [0, 1], higher = fairer (see docs/adr/0001-composite-weights.md).

    g_DI = min(DI, 1/DI), g_SPD = 1 − min(|SPD|, 1), g_EO = 1 − min(|EO|, 1);
    score = clamp(0.40·g_DI + 0.35·g_SPD + 0.25·g_EO, 0, 1), rounded to 4 decimals (the score is
    a triage number; the rounding keeps the documented worked example exact in binary floating
    point).
    """
    values = {"DI": di, "SPD": spd, "EO": eo}
    for name, v in values.items():
        if v is not None and not is_number(v):  # '0.6', True, an array: not one number
            raise EthicLensInputError(
                "must be a number",
                column=name.lower(),
                kind="argument",
                value=v,
                fix="pass one comparison's DI, SPD and EO as numbers, e.g. "
                "compute_composite_bias_score(0.6, -0.25, 0.15)",
            )
        if past_float_range(v):  # 10**400: np.isfinite and 1 / DI would raise Python's errors
            raise EthicLensInputError(
                "must be a number a double holds (a DI, SPD or EO is a ratio or a difference "
                "of rates)",
                column=name.lower(),
                kind="argument",
                value=v,
                fix="pass one comparison's DI, SPD and EO as numbers, e.g. "
                "compute_composite_bias_score(0.6, -0.25, 0.15)",
            )
        if v is None or not np.isfinite(v):
            raise ValueError(f"composite needs a finite {name}; got {v!r} (missing is never 0)")
    if di < 0:
        raise ValueError(f"DI must be >= 0; got {di!r}")
    g_di = 0.0 if di == 0 else min(di, 1.0 / di)
    g_spd = 1.0 - min(abs(spd), 1.0)
    g_eo = 1.0 - min(abs(eo), 1.0)
    w = COMPOSITE_WEIGHTS
    score = w["di"] * g_di + w["spd"] * g_spd + w["eo"] * g_eo
    return round(min(max(score, 0.0), 1.0), 4)


@refusing_unknown_keywords
def composite_band(score: float) -> str:
    """The risk band of a Composite Bias Score (a number in [0, 1]): High Risk below 0.60,
    Medium Risk below 0.80, else Low Risk."""
    if not is_number(score) or not 0 <= score <= 1:  # NaN, None, '0.7', 1.5: no score
        raise EthicLensInputError(
            "must be a Composite Bias Score, a number in [0, 1]",
            column="score",
            kind="argument",
            value=score,
            fix="pass compute_composite_bias_score's result, e.g. 0.715",
        )
    for upper, band in COMPOSITE_BANDS:
        if score < upper:
            return band
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------------------------
# The metric registry: one entry per metric, read by the engine, the reports and the schema.
# --------------------------------------------------------------------------------------------


# How fn(cells, labelled) reads its cells: said in GroupMetric's docstring and in every refusal.
_FN_FIX = (
    "fn(cells, labelled) takes an array whose last axis holds the cells (tp, fp, fn, tn; "
    "or pos, neg without labels), broadcasts over the leading axes, and returns NaN "
    "where the metric is undefined"
)


def _check_name(name, kind: str) -> None:
    """A metric's name is its key in results, JSON and tables: non-empty, no commas (names
    are listed comma-separated) and no spaces."""
    fix = "e.g. name='true_negative_rate' (letters, digits and underscores)"
    check_entry_name(name, kind, fix)
    if any(ch.isspace() for ch in name):
        raise EthicLensInputError(
            "a metric's name has no spaces (it is its key in results, JSON and tables)",
            column=name,
            kind=kind,
            fix=f"e.g. {'_'.join(name.split())!r}",
        )


def _check_flag(value, name: str, field: str, kind: str) -> None:
    if not isinstance(value, bool | np.bool_):
        raise EthicLensInputError(
            f"{field} must be True or False",
            column=name,
            kind=kind,
            value=value,
            fix=f"{field}=True or {field}=False",
        )


@dataclass(frozen=True)
class GroupMetric:
    """A per-group statistic that is a function of the group's cells.

    Checked when built (a name with a space or a comma, an ``fn`` that is not a function are
    refused with :class:`~ethiclens.errors.EthicLensInputError`) and again when registered
    (:func:`register_group_metric` tries ``fn`` on test cells).

    Parameters
    ----------
    name : str
        Key in results, JSON and tables: no spaces or commas (``"true_negative_rate"``).
    label : str
        Human name for reports.
    fn : callable
        ``fn(cells, labelled) -> array``. ``cells`` is a float array whose last axis holds one
        group's cells: with labels (``labelled`` True) ``[..., 0:4]`` are ``tp, fp, fn, tn``;
        without labels (``labelled`` False: no ``y_true``) ``[..., 0:2]`` are ``pos, neg``
        (rows predicted positive, negative). A metric with ``needs_labels=True`` is only ever
        given the labelled layout. Cells are counts, weighted sums or interval draws of them
        (not always whole numbers), so ``fn`` should depend on their proportions. It must broadcast
        over the leading axes (it returns ``cells.shape[:-1]``) and return NaN, never ±inf,
        where the metric is undefined (an empty group).
    needs_labels : bool
        Whether it needs ground truth (then the label-count floor applies, else the row floor).
    undefined : str
        Why it can be undefined (e.g. "no positive labels"), used in reasons.
    short : str, optional
        Column header in reports and tables (default: ``label``).
    """

    name: str
    label: str
    fn: Callable
    needs_labels: bool
    undefined: str
    short: str | None = None  # column header in reports (default: label)

    def __post_init__(self):
        _check_name(self.name, "group metric")
        if not callable(self.fn):
            raise EthicLensInputError(
                "fn must be a function",
                column=self.name,
                kind="group metric",
                value=repr(self.fn)[:80],
                fix=_FN_FIX,
            )
        _check_flag(self.needs_labels, self.name, "needs_labels", "group metric")


# ComparisonMetric.kind -> how many components it reads (None: one or more).
_COMPONENTS = {"ratio": 1, "difference": 1, "abs_difference": 1, "max_abs_difference": None}


@dataclass(frozen=True)
class ComparisonMetric:
    """A comparison of a group with the reference, built from group metrics.

    ``kind`` decides both the value and how its interval is formed (docs/adr/0008-verdicts.md):

    - ``"ratio"``: g / r; interval on log g − log r (so swapping the reference inverts it exactly).
    - ``"difference"``: g − r; interval of the signed difference.
    - ``"abs_difference"``: |g − r|; the signed difference's interval folded at 0, so it always
      contains the estimate and covers a true 0.
    - ``"max_abs_difference"``: max over components of |g − r|; interval [max of lower bounds,
      max of upper bounds] of the folded component intervals.

    ``components`` is a tuple of registered group metrics' names: exactly one for
    ``"ratio"``, ``"difference"`` and ``"abs_difference"``, one or more for
    ``"max_abs_difference"``.
    ``policy`` names the policy judge (``"di"``, ``"eo"``) or None for reported-only metrics.
    ``needs_labels``: False (the row floor), True (both labels' floor), or ``"positive"`` /
    ``"negative"`` when its components count only that label's rows (equal opportunity: the
    TPR, of the positive labels), so only that label's floor applies.
    ``short``: column header in reports and tables (default: ``label``).

    A setting it would not use (an unknown kind or policy, a second component of a ratio) is
    refused when it is built, with :class:`~ethiclens.errors.EthicLensInputError`; its
    components must be registered when it is (:func:`register_comparison_metric`).
    """

    name: str
    label: str
    kind: str
    components: tuple[str, ...]
    needs_labels: bool | str
    policy: str | None = None
    in_composite: bool = False
    short: str | None = None  # column header in reports (default: label)

    def __post_init__(self):
        _check_name(self.name, "comparison metric")
        of = f"of comparison metric {self.name!r}"
        check_member(self.kind, KINDS, column="kind", kind="argument", problem=f"unknown kind {of}")
        if self.policy is not None:  # a judge it does not have would leave it unjudged
            check_member(
                self.policy,
                list(JUDGES),
                column="policy",
                kind="argument",
                problem=f"unknown policy judge {of}",
                fix=f"use one of {names_words(JUDGES)}, or policy=None (reported, not judged)",
            )
        _check_components(self)

    @property
    def absolute(self) -> bool:
        """True for |group − reference| (never negative: its B − A says whether the gap grew,
        not which group is ahead)."""
        return self.kind in ("abs_difference", "max_abs_difference")

    def value(self, comp_g: list, comp_r: list):
        """The metric from component values of the group and the reference (arrays)."""
        g, r = comp_g[0], comp_r[0]
        if self.kind == "ratio":
            # x / 0 with x > 0 is +inf (the reference never gets the outcome): reported as
            # unbounded, and judged by its interval; 0 / 0 stays undefined (NaN).
            g, r = np.broadcast_arrays(np.asarray(g, float), np.asarray(r, float))
            return np.where((r == 0) & (g > 0), np.inf, _ratio(g, r))
        if self.kind == "difference":
            return np.asarray(g, float) - np.asarray(r, float)
        diffs = [
            np.abs(np.asarray(a, float) - np.asarray(b, float))
            for a, b in zip(comp_g, comp_r, strict=True)
        ]
        # abs_difference: its one component's. np.maximum propagates NaN: an undefined
        # component leaves the metric undefined.
        return functools.reduce(np.maximum, diffs)


# Two registries of the one kind every extension point uses (ethiclens._registry.Registry,
# docs/adr/0010-extension-points.md): a taken name needs replace=True, built-ins are never
# replaced or removed, removing an absent name is a no-op, errors are EthicLensInputError.
# The *_SPECS names are their live mappings (name -> entry), read by the engine and reports.
_GROUP_REGISTRY: Registry[GroupMetric] = Registry(
    "group metric",
    GroupMetric,
    "build one with ethiclens.fairness.GroupMetric(name, label, fn, needs_labels, undefined)",
)
_COMPARISON_REGISTRY: Registry[ComparisonMetric] = Registry(
    "comparison metric",
    ComparisonMetric,
    "build one with ethiclens.fairness.ComparisonMetric(name, label, kind, components, "
    "needs_labels)",
)
GROUP_METRIC_SPECS: dict[str, GroupMetric] = _GROUP_REGISTRY.entries
COMPARISON_METRIC_SPECS: dict[str, ComparisonMetric] = _COMPARISON_REGISTRY.entries
# One run reads the registries as they were when it began (:func:`frozen_specs`): a metric
# registered or removed meanwhile by another thread (a notebook's, a server's) was a KeyError
# mid-audit, or a comparison metric whose component the run had not computed. Changes to the
# registries and the copies runs take are made under one lock, so a copy holds every
# component of its comparison metrics.
_REGISTRY_LOCK = threading.RLock()
_RUN_SPECS: contextvars.ContextVar[tuple[dict, dict] | None] = contextvars.ContextVar(
    "ethiclens_metric_specs", default=None
)


@contextlib.contextmanager
def frozen_specs():
    """Within it, :func:`group_specs` and :func:`comparison_specs` are copies of the
    registries taken on entry (an enclosing run's, when nested: compare's two audits and its
    differences read one copy); each thread and task has its own."""
    if _RUN_SPECS.get() is not None:
        yield
        return
    with _REGISTRY_LOCK:
        token = _RUN_SPECS.set((dict(GROUP_METRIC_SPECS), dict(COMPARISON_METRIC_SPECS)))
    try:
        yield
    finally:
        _RUN_SPECS.reset(token)


def group_specs() -> dict[str, GroupMetric]:
    """The group metrics a run computes: its copy (:func:`frozen_specs`), else the registry."""
    run = _RUN_SPECS.get()
    return GROUP_METRIC_SPECS if run is None else run[0]


def comparison_specs() -> dict[str, ComparisonMetric]:
    """The comparison metrics a run computes (as :func:`group_specs`)."""
    run = _RUN_SPECS.get()
    return COMPARISON_METRIC_SPECS if run is None else run[1]


def metric_words(name: str, group: bool = False) -> str:
    """A metric's name in words, as every report writes it: its registry label ('Disparate
    impact', 'Equalized odds difference'; a group metric's, ``group=True``: 'Selection rate',
    'TPR'); a name no registry holds, as given. The JSON keeps the name."""
    spec = (GROUP_METRIC_SPECS if group else COMPARISON_METRIC_SPECS).get(name)
    return spec.label if spec is not None else name


KINDS = ("ratio", "difference", "abs_difference", "max_abs_difference")


def policy_edges(name: str, policy) -> tuple:
    """The thresholds ``policy`` (a result's ``config["policy"]`` dict) judges metric
    ``name``'s interval against — DI: (t, 1/t) under the two-sided rule, (t,) under 'below';
    EO: (its threshold,); any other metric, or no policy: () — for
    :func:`ethiclens._text.beside`, so a bound printed beside a verdict reads on its side.
    A threshold missing or no positive number (a stored record's policy changed by hand): ()."""
    spec = COMPARISON_METRIC_SPECS.get(name)
    role = spec.policy if spec is not None else None
    if not isinstance(policy, dict) or role not in ("di", "eo"):
        return ()
    t = policy.get(f"{role}_threshold")
    if not is_number(t) or not 0 < t < np.inf:  # a stored policy changed by hand: none
        return ()
    if role == "eo":
        return (t,)
    return (t, 1 / t) if policy.get("di_rule", "two_sided") == "two_sided" else (t,)


# Cells a metric is tried on when it is registered: leading axes (2, 3) to check that it
# broadcasts, an empty group and groups with empty cells to check it says NaN, not inf.
_PROBE_LABELLED = np.array(
    [[[10, 5, 3, 12], [0, 0, 0, 0], [7, 0, 0, 9]], [[1, 1, 1, 1], [0, 4, 0, 6], [5, 0, 5, 0]]],
    float,
)
_PROBE_UNLABELLED = np.array([[[10, 5], [0, 0], [7, 0]], [[1, 1], [0, 6], [5, 5]]], float)


def _check_components(spec: ComparisonMetric) -> None:
    """A tuple of names, as many as its kind reads (a ratio's second one would be ignored)."""
    comps = spec.components
    if isinstance(comps, list):
        comps = tuple(comps)
        object.__setattr__(spec, "components", comps)
    of, wanted = f"of comparison metric {spec.name!r}", _COMPONENTS[spec.kind]  # a known kind
    if not isinstance(comps, tuple) or not all(isinstance(c, str) for c in comps):
        problem = f"components {of} must be a tuple of group metric names"
        one = comps if isinstance(comps, str) else "selection_rate"
        fix = f"e.g. components=({one!r},)"
    elif not comps or (wanted is not None and len(comps) != wanted):
        many = "one or more components" if wanted is None else "exactly one component"
        problem = f"comparison metric {spec.name!r} is a {spec.kind!r}, which reads {many}; "
        problem += f"it was given {len(comps)}"
        fix = "kind='max_abs_difference' takes the largest gap of several components; "
        fix += "otherwise build one comparison metric per component"
    else:
        return
    raise EthicLensInputError(problem, column="components", kind="argument", value=comps, fix=fix)


def _check_metric_fn(spec: GroupMetric) -> None:
    """Try a metric on probe cells: it must run, broadcast, and never return ±inf."""
    probes = [(_PROBE_LABELLED, True)]
    if not spec.needs_labels:
        probes.append((_PROBE_UNLABELLED, False))
    where = {"column": spec.name, "kind": "group metric", "fix": _FN_FIX}
    for cells, labelled in probes:
        try:
            with np.errstate(all="ignore"):
                out = np.asarray(spec.fn(cells.copy(), labelled), float)
        except Exception as exc:  # a user function: any failure is reported the same way
            raise EthicLensInputError(
                f"the metric function raised {type(exc).__name__} ({exc}) on test cells",
                **where,
            ) from exc
        if out.shape != cells.shape[:-1]:
            raise EthicLensInputError(
                f"returned shape {out.shape} for cells of shape {cells.shape}; expected "
                f"{cells.shape[:-1]}",
                **where,
            )
        if np.isinf(out).any():
            raise EthicLensInputError(
                "returned an infinite value on test cells (e.g. a division by zero)",
                value=float(out[np.isinf(out)][0]),
                **where,
            )


@refusing_unknown_keywords
def register_group_metric(spec: GroupMetric, *, replace: bool = False) -> GroupMetric:
    """Add a per-group count metric; the engine, JSON and reports pick it up.

    The rules of every registry (:class:`ethiclens._registry.Registry`): a taken name is
    refused unless ``replace`` (a built-in metric never), all with
    :class:`~ethiclens.errors.EthicLensInputError`. The function is then tried on a few test
    cells (including an empty group): one that raises, does not broadcast, or returns ±inf
    instead of NaN is refused too.
    """
    _GROUP_REGISTRY.check_free(spec, replace=replace)  # a built-in name first, whatever fn does
    _check_metric_fn(spec)
    with _REGISTRY_LOCK:
        return _GROUP_REGISTRY.register(spec, replace=replace)


@refusing_unknown_keywords
def register_comparison_metric(
    spec: ComparisonMetric, *, replace: bool = False
) -> ComparisonMetric:
    """Add a comparison metric built from registered group metrics (same rules as
    :func:`register_group_metric`; its kind, policy and components were checked when it was
    built)."""
    with _REGISTRY_LOCK:  # its components stay registered until it is
        return _register_comparison(spec, replace)


def _register_comparison(spec: ComparisonMetric, replace: bool) -> ComparisonMetric:
    _COMPARISON_REGISTRY.check_free(spec, replace=replace)
    unknown = [c for c in spec.components if c not in GROUP_METRIC_SPECS]
    if spec.needs_labels not in (True, False, "positive", "negative"):
        problem, value = (
            "needs_labels must be True, False, 'positive' or 'negative'",
            spec.needs_labels,
        )
        fix = "give the labels its floor counts (True: both)"
    elif unknown:
        problem, value = f"unknown component metric(s) {names_words(unknown)}", None
        fix = did_you_mean(unknown[0], list(GROUP_METRIC_SPECS))
        fix += f"register the group metrics first; registered: {names_words(GROUP_METRIC_SPECS)}"
    else:
        return _COMPARISON_REGISTRY.register(spec, replace=replace)
    raise EthicLensInputError(
        problem, column=spec.name, kind="comparison metric", value=value, fix=fix
    )


@refusing_unknown_keywords
def unregister_metric(name: str) -> None:
    """Remove a metric registered at run time, group or comparison (tests and notebooks).

    Absent names are ignored; removing a built-in metric, or a group metric a registered
    comparison metric is built from, is an :class:`~ethiclens.errors.EthicLensInputError`.
    """
    with _REGISTRY_LOCK:
        _unregister(name)


def _unregister(name: str) -> None:
    _COMPARISON_REGISTRY.unregister(name)
    if name in GROUP_METRIC_SPECS and not _GROUP_REGISTRY.is_builtin(name):
        users = [k for k, s in COMPARISON_METRIC_SPECS.items() if name in s.components]
        if users:
            raise EthicLensInputError(
                f"comparison metric(s) {users} are built from it",
                column=name,
                kind="group metric",
                fix=f"unregister {users} first",
            )
    _GROUP_REGISTRY.unregister(name)


# The built-ins' functions without their argument guard, by the registry's function: the
# audit's own calls (the jackknife calls each metric once per group, 20,000 calls at 2,000
# groups) pass the engine's float arrays, which the guard only slows; outside callers keep it.
_UNGUARDED: dict = {}


def unguarded(fn):
    """``fn`` (a group metric's function) without its argument guard where it is a built-in's;
    any other function (a user's metric, decorated or not) as it is."""
    return _UNGUARDED.get(fn, fn)


def _cells_fn(f):
    raw = f.__wrapped__  # argument_kinds' functools.wraps

    def fn(c, lab):
        return f(c)

    _UNGUARDED[fn] = lambda c, lab: raw(c)
    return fn


# The labelled group metrics, each named as its function of the cells: (function, label, why
# it can be undefined); selection rate, the one without labels, comes first.
_LABELLED_BUILTINS = (
    (base_rate, "Base rate", "no rows"),
    (accuracy, "Accuracy", "no rows"),
    (true_positive_rate, "TPR", "no positive labels"),
    (false_positive_rate, "FPR", "no negative labels"),
    (false_negative_rate, "FNR", "no positive labels"),
    (positive_predictive_value, "PPV", "no predicted positives"),
    (negative_predictive_value, "NPV", "no predicted negatives"),
    (false_discovery_rate, "FDR", "no predicted positives"),
    (false_omission_rate, "FOR", "no predicted negatives"),
    (theil_index, "Theil index", "mean benefit is 0"),
)
_UNGUARDED[selection_rate] = selection_rate.__wrapped__
for _spec in (
    GroupMetric("selection_rate", "Selection rate", selection_rate, False, "no rows"),
    *(
        GroupMetric(f.__name__, label, _cells_fn(f), True, why)
        for f, label, why in _LABELLED_BUILTINS
    ),
):
    _check_metric_fn(_spec)
    _GROUP_REGISTRY.add_builtin(_spec)

# The composite's parts, in compute_composite_bias_score's order (DI, SPD, EO).
COMPOSITE_PARTS = ("disparate_impact", "statistical_parity_difference", "equalized_odds_difference")
# The built-in comparison metrics, name -> (label, kind, components, needs_labels, column
# header); DI and EO are judged by the policy (_JUDGED), COMPOSITE_PARTS make the composite.
_COMPARISON_BUILTINS = {
    "disparate_impact": ("Disparate impact", "ratio", ("selection_rate",), False, "DI"),
    "statistical_parity_difference": (
        "Statistical parity difference",
        "difference",
        ("selection_rate",),
        False,
        "SPD",
    ),
    "equalized_odds_difference": (
        "Equalized odds difference",
        "max_abs_difference",
        ("true_positive_rate", "false_positive_rate"),
        True,
        "EO diff",
    ),
    # needs_labels "positive": the TPR, of the positive labels only
    "equal_opportunity_difference": (
        "Equal opportunity difference",
        "abs_difference",
        ("true_positive_rate",),
        "positive",
        "Equal opp.",
    ),
    "predictive_parity_difference": (
        "Predictive parity difference",
        "abs_difference",
        ("positive_predictive_value",),
        True,
        "Pred. parity",
    ),
    "fpr_balance": ("FPR balance", "abs_difference", ("false_positive_rate",), True, None),
    # the FNR, 1 - TPR: equal opportunity's floor
    "fnr_difference": (
        "FNR difference",
        "abs_difference",
        ("false_negative_rate",),
        "positive",
        "FNR diff",
    ),
    "npv_difference": (
        "NPV difference",
        "abs_difference",
        ("negative_predictive_value",),
        True,
        "NPV diff",
    ),
    "accuracy_difference": ("Accuracy difference", "difference", ("accuracy",), True, "Acc. diff"),
    "theil_difference": (
        "Theil index difference",
        "difference",
        ("theil_index",),
        True,
        "Theil diff",
    ),
}
_JUDGED = {"disparate_impact": "di", "equalized_odds_difference": "eo"}
for _name, (*_given, _short) in _COMPARISON_BUILTINS.items():
    _judge, _composite = _JUDGED.get(_name), _name in COMPOSITE_PARTS
    _COMPARISON_REGISTRY.add_builtin(
        ComparisonMetric(_name, *_given, policy=_judge, in_composite=_composite, short=_short)
    )


GROUP_METRICS = {k: (s.fn, s.needs_labels) for k, s in GROUP_METRIC_SPECS.items()}
COMPARISON_METRICS = {
    "disparate_impact": (disparate_impact, False),
    "statistical_parity_difference": (statistical_parity_difference, False),
    "equalized_odds_difference": (equalized_odds_difference, True),
    "equal_opportunity_difference": (equal_opportunity_difference, True),
    "predictive_parity_difference": (predictive_parity_difference, True),
    "fpr_balance": (fpr_balance, True),
    "theil_difference": (theil_difference, True),
}


def comparison_columns() -> list[tuple[str, str]]:
    """(metric, column header) for report tables, from the registry (ECE last, when present)."""
    return [(k, s.short or s.label) for k, s in COMPARISON_METRIC_SPECS.items()] + [
        ("ece_difference", "ECE diff")
    ]


def group_columns() -> list[tuple[str, str]]:
    return [(k, s.short or s.label) for k, s in GROUP_METRIC_SPECS.items()] + [("ece", "ECE")]
