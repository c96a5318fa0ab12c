"""The bias-injection oracle: data with a known disparate impact (and EO gap), audited again
and again to check the engine recovers the truth and its intervals cover it.

The truth is a population value fixed by construction, not a sample estimate: group g has
selection rate r_g, base rate b_g, and predictions are drawn given the label with
TPR_g = r_g + (1 − b_g)·k_g and FPR_g = r_g − b_g·k_g, so P(Ŷ = 1 | g) = r_g exactly for any
separation k_g. DI = r_0 / r_1 and EO = max(|ΔTPR|, |ΔFPR|) follow exactly.
"""

from __future__ import annotations

import inspect
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .._checks import (
    TEXT_LIKE,
    check_draws,
    check_fraction,
    check_level,
    check_repetitions,
    check_seed,
    is_number,
    past_float_range,
    printed_float,
    refuse_whole_decimal,
)
from .._keywords import refuse_unknown, refusing_unknown_keywords
from .._text import beside, number_text, plural, threshold_text
from ..errors import CommandText, EthicLensInputError
from ..fairness import FLAGGED, INCONCLUSIVE, PASS, Policy, audit, check_ci
from ._counterfactual import quiet_nans

PRIVILEGED, UNPRIVILEGED = "privileged", "unprivileged"


@dataclass
class InjectedData:
    y_true: np.ndarray
    y_pred: np.ndarray
    group: np.ndarray  # "privileged" (reference) / "unprivileged"
    truth: dict  # population values: disparate_impact, statistical_parity_difference, ...


def _rates(r, b, k):
    return r + (1 - b) * k, r - b * k


def _eo(r, b, k, tpr1, fpr1):
    # elementwise, so a grid of k is one call
    tpr0, fpr0 = _rates(r, b, k)
    return np.maximum(np.abs(tpr0 - tpr1), np.abs(fpr0 - fpr1))


def _feasible_k(r, b):
    # TPR = r + (1-b)k and FPR = r - bk must both lie in [0, 1].
    lo = max(-r / (1 - b), (r - 1) / b)
    hi = min((1 - r) / (1 - b), r / b)
    return lo, hi


def _beside(value: float, edges: tuple) -> str:
    """``value`` as ``:g`` prints it where that reads on its side of each edge (1.2, -0.5),
    else with the digits that do (:func:`beside`: 1.000002, never '1', outside [0, 1])."""
    text = f"{value:g}"
    if all((float(text) > e) - (float(text) < e) == (value > e) - (value < e) for e in edges):
        return text
    return beside(value, list(edges))


def _at_most(bound: float) -> str:
    """An upper bound as ``:g`` prints it where that is not above it (2, 1.11111), else cut
    below it (:func:`threshold_text`: 1/0.6 as 1.6666…, never 1.66667, itself refused)."""
    text = f"{bound:g}"
    return text if float(text) <= bound else threshold_text(bound)


def _inward(lo: float, hi: float, places: int = 3) -> str:
    """A range a fix names, each end rounded inwards to ``places`` so that it is itself taken
    (``[-0.199, 0.199]`` for [-0.19999999999999996, 0.19999999999999996], never ``-0.200``,
    refused); a range narrower than that with every digit."""
    step = 10.0**-places
    a, b = round(lo, places), round(hi, places)
    a = round(a + step, places) if a < lo else a
    b = round(b - step, places) if b > hi else b
    if a > b:
        return f"[{lo!r}, {hi!r}]"
    return f"[{a:.{places}f}, {b:.{places}f}]"


def _selection_rates(r1: float, disparate_impact: float) -> tuple[float, float]:
    """(privileged, unprivileged) selection rates, each checked to be a rate."""
    r0 = disparate_impact * r1
    if not 0 < r1 <= 1:
        raise _argument_error("must lie in (0, 1]", "reference_rate", r1, "e.g. 0.5 (the default)")
    if not 0 <= r0 <= 1:
        raise _argument_error(
            # the rate on its side of [0, 1] (1.000002, never '1'), and a bound that is itself
            # taken (1/0.6 as 1.6666…, never 1.66667, whose rate 1.000002 is refused again)
            f"gives the unprivileged group a selection rate of {_beside(r0, (0.0, 1.0))}, "
            "outside [0, 1]",
            "disparate_impact",
            disparate_impact,
            f"choose a DI from 0 to {_at_most(1 / r1)} (the reference selection rate is "
            f"{number_text(r1)})",
        )
    return r1, r0


@refusing_unknown_keywords
def inject_bias(
    n: int,
    *,
    disparate_impact: float,
    eo_gap: float | None = None,
    base_rates=(0.5, 0.5),
    group_sizes=(0.5, 0.5),
    reference_rate: float = 0.5,
    separation: float = 0.3,
    random_state=None,
) -> InjectedData:
    """Labelled predictions with a chosen population DI (and EO gap).

    Parameters
    ----------
    n : int
        Rows, from 20 to 10,000,000 (run_oracle's range); group sizes are fixed at
        ``round(n · share)``.
    disparate_impact : float
        r_unprivileged / r_privileged.
    eo_gap : float, optional
        Equalized-odds difference to build in; default: both groups share the separation ``k``
        and the EO gap is whatever follows (reported in ``truth``).
    base_rates, group_sizes : pairs (privileged, unprivileged)
        Each strictly between 0 and 1; the group sizes are shares of the rows and sum to 1.
    reference_rate : float
        Selection rate of the privileged group.
    separation : float
        k of the privileged group (how much better than chance the predictions are).
    random_state : int, optional
        Seed of the labels and predictions drawn (a non-negative integer below 2**32): the
        same seed gives the same rows. None (the default, as in scikit-learn): fresh rows
        each call. The population values in ``truth`` do not depend on it.

    Returns
    -------
    InjectedData
        ``y_true``, ``y_pred``, ``group`` ("privileged", the reference, and "unprivileged")
        and ``truth``, the population values the rows are drawn from (DI, SPD, EO difference,
        per-group rates).
    """
    # the order of inject_bias's refusals: the four numbers, the rows and shares, the rest
    numbers = _finite_numbers(disparate_impact, eo_gap, reference_rate, separation)
    sizes = _group_rows(check_rows(n), group_sizes)
    groups = _groups(*numbers, base_rates)
    return _draw(groups, sizes, np.random.default_rng(check_seed(random_state, allow_none=True)))


def _injected_groups(disparate_impact, eo_gap, base_rates, reference_rate, separation) -> dict:
    """inject_bias's population per group, (selection rate, base rate, TPR, FPR), every
    argument but the rows checked: nothing drawn, so a list of DIs is checked in a moment."""
    numbers = _finite_numbers(disparate_impact, eo_gap, reference_rate, separation)
    return _groups(*numbers, base_rates)


def _finite_numbers(disparate_impact, eo_gap, reference_rate, separation) -> tuple:
    """inject_bias's four number arguments, each a finite Python float (eo_gap may be None)."""
    disparate_impact = _finite(
        disparate_impact, "disparate_impact", "e.g. 0.6 (unprivileged rate / privileged rate)"
    )
    eo_gap = None if eo_gap is None else _finite(eo_gap, "eo_gap", "e.g. 0.1, or leave it out")
    reference_rate = _finite(reference_rate, "reference_rate", "e.g. 0.5 (the default)")
    separation = _finite(separation, "separation", "e.g. 0.3 (the default)")
    return disparate_impact, eo_gap, reference_rate, separation


def _groups(disparate_impact, eo_gap, reference_rate, separation, base_rates) -> dict:
    """The population per group from the checked numbers and the base rates."""
    b1, b0 = _check_pair(base_rates, "base_rates", "e.g. (0.5, 0.5) (the default)")
    r1, r0 = _selection_rates(reference_rate, disparate_impact)
    tpr1, fpr1 = _privileged_rates(r1, b1, separation)
    lo0, hi0 = _feasible_k(r0, b0)
    if eo_gap is None:
        k0 = float(np.clip(separation, lo0, hi0))
    else:
        k0 = _solve_k(r0, b0, tpr1, fpr1, eo_gap, lo0, hi0, separation)
        if k0 is None:
            raise _eo_gap_error(eo_gap, disparate_impact, r1, b0, (tpr1, fpr1))
    return {PRIVILEGED: (r1, b1, tpr1, fpr1), UNPRIVILEGED: (r0, b0, *_rates(r0, b0, k0))}


def _privileged_rates(r1: float, b1: float, separation: float) -> tuple[float, float]:
    """The privileged group's TPR and FPR at its separation, refused where the selection and
    base rates leave no room for it."""
    lo1, hi1 = _feasible_k(r1, b1)
    if not lo1 <= separation <= hi1:
        # name both settings: the default separation is refused because of reference_rate
        raise _argument_error(
            f"separation impossible at reference_rate {number_text(r1)} and base rate "
            f"{number_text(b1)}",
            "separation",
            separation,
            f"use a separation in {_inward(lo1, hi1)}, or a reference_rate nearer base_rates[0]",
        )
    return _rates(r1, b1, separation)


def _finite(value, column: str, fix: str) -> float:
    """A real, finite number (not text, a bool, NaN or infinity), as a Python float (a numpy
    scalar would compute inject_bias's truth in its precision); a float32 or float16 as the
    number it prints as, as ``_checks`` reads every other argument (np.float32(0.8) is 0.8,
    not 0.800000011920929; np.float16(0.8) is 0.8, not 0.7998047), ``base_rates`` and
    ``group_sizes`` included. Number text written with blanks or commas (``--di ' 0.6'``) is
    told what it holds and the number to give."""
    refuse_whole_decimal(value, column, whole=False)
    number = is_number(value)
    if number and past_float_range(value):  # 10**400, --di 1e400: finite as written, too large
        raise _argument_error(f"must lie {_RANGES[column]}", column, value, fix)
    try:
        finite = number and bool(np.isfinite(value))
    except (OverflowError, TypeError):  # an int past a float's range (10**400): numpy's error
        finite = False
    if not finite:  # a command line's text (--di abc) has no type to name
        typed = number or isinstance(value, CommandText)
        raise _argument_error(
            "must be a finite number" + ("" if typed else f", not {type(value).__name__}"),
            column,
            value,
            fix,
        )
    number = printed_float(value) + 0.0  # -0.0 is 0.0: a DI or rate is written unsigned
    if isinstance(value, float | np.floating):
        return number
    given = _Given(number)  # 9, np.int64(9): refused as given, not as 9.0
    given.given = value
    return given


# The range of each of inject_bias's four numbers, said of one written past a double's range
# (10**400, 1e400 typed), which is finite, only far outside it, as every checked number too
# large is refused in its range's words (ε's 'above 10000', n's 'from 20 to 10,000,000')
_RANGES = {
    "disparate_impact": "from 0 to 1 / the reference selection rate (2 at the default 0.5)",
    "eo_gap": "in [0, 1] (a difference of two rates)",
    "reference_rate": "in (0, 1]",
    "separation": "in [-1, 1]",
}


class _Given(float):
    """A checked argument given as another kind of number (``9``, ``np.int64(9)``), as the float
    it is computed with, carrying what the caller gave: a refusal of it (:func:`_argument_error`)
    shows ``9``, as every other refusal shows a value, never the ``9.0`` no one typed."""

    given: object


def _argument_error(problem: str, column: str, value, fix: str) -> EthicLensInputError:
    """A refusal of the argument ``column`` (inject_bias's or run_oracle's) and its value (as
    the caller gave it: :class:`_Given`)."""
    value = getattr(value, "given", value)
    return EthicLensInputError(problem, column=column, kind="argument", value=value, fix=fix)


def _draw(groups: dict, sizes: dict, rng) -> InjectedData:
    """Labels and predictions per group from its (selection rate, base rate, TPR, FPR), and
    the population values they imply."""
    parts = []
    for name, (_, b, tpr, fpr) in groups.items():
        size = sizes[name]
        y = (rng.random(size) < b).astype(np.int8)
        p = np.where(y == 1, rng.random(size) < tpr, rng.random(size) < fpr).astype(np.int8)
        parts.append((y, p, np.full(size, name)))
    y, p, g = (np.concatenate(x) for x in zip(*parts, strict=True))
    (r1, b1, tpr1, fpr1), (r0, b0, tpr0, fpr0) = groups[PRIVILEGED], groups[UNPRIVILEGED]
    truth = {
        "disparate_impact": r0 / r1,
        "statistical_parity_difference": r0 - r1,
        "equalized_odds_difference": max(abs(tpr0 - tpr1), abs(fpr0 - fpr1)),
        "selection_rate": {PRIVILEGED: r1, UNPRIVILEGED: r0},
        "true_positive_rate": {PRIVILEGED: tpr1, UNPRIVILEGED: tpr0},
        "false_positive_rate": {PRIVILEGED: fpr1, UNPRIVILEGED: fpr0},
        "base_rate": {PRIVILEGED: b1, UNPRIVILEGED: b0},
    }
    return InjectedData(y, p, g, truth)


def _eo_range(r0, b0, tpr1, fpr1) -> tuple[float, float]:
    """The EO gaps a valid classifier can have at selection rate ``r0`` (a grid over k_0)."""
    lo, hi = _feasible_k(r0, b0)
    eo = _eo(r0, b0, np.linspace(lo, hi, 4001), tpr1, fpr1)
    return float(eo.min()), float(eo.max())


def _eo_gap_error(target, di, r1, b0, reference) -> EthicLensInputError:
    """The refusal of an EO gap impossible at this DI: the gaps possible at this DI, and the
    DIs (a grid of step 0.005·(1/r1)) at which this gap is possible, so either can be fixed."""
    tpr1, fpr1 = reference
    low, high = _eo_range(di * r1, b0, tpr1, fpr1)
    dis = np.linspace(0, 1 / r1, 401)
    ranges = np.array([_eo_range(d * r1, b0, tpr1, fpr1) for d in dis])
    ok = dis[(ranges[:, 0] <= target) & (target <= ranges[:, 1])]
    fix = f"choose an EO gap in {_inward(low, high)} (--eo-gap; eo_gap in Python)"
    if len(ok):
        # rounded inwards to 2 decimals, so both ends are themselves possible
        a, b = np.ceil(ok.min() * 100 - 1e-9) / 100, np.floor(ok.max() * 100 + 1e-9) / 100
        fix += (
            f", or a DI from {a:g} to {b:g}, where an EO gap of {number_text(target)} is "
            "possible "
            "(--di; disparate_impact in Python)"
        )
    return _argument_error(
        f"no valid classifier has an EO gap of {number_text(target)} at DI {number_text(di)} "
        "(possible EO gaps at "
        f"this DI: [{low:.3f}, {high:.3f}])",
        "eo_gap",
        target,
        fix,
    )


def _solve_k(r0, b0, tpr1, fpr1, target, lo, hi, start):
    """k_0 giving EO = target: EO(k) is convex piecewise-linear; take the root nearest start
    (None when no k_0 in [lo, hi] gives it). A target at or just above EO's least value, whose
    kink lies between grid points, is found once that kink joins the grid (only then: a root
    the grid finds is the same number as before)."""
    grid = np.linspace(lo, hi, 4001)
    roots = _roots(r0, b0, tpr1, fpr1, target, grid)
    if not roots:
        least = _least_k(r0, b0, tpr1, fpr1, lo, hi)
        roots = _roots(r0, b0, tpr1, fpr1, target, np.union1d(grid, [least]), tie=TIE)
    if not roots:
        return None
    return min(roots, key=lambda k: abs(k - start))


# An EO this close to the target is the target (the least EO at its kink is computed as
# 0.05000000000000002 for a target of 0.05).
TIE = 1e-12


def _least_k(r0, b0, tpr1, fpr1, lo, hi) -> float:
    """The k_0 in [lo, hi] where EO, convex in k_0, is least (ternary search)."""
    for _ in range(200):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if _eo(r0, b0, a, tpr1, fpr1) <= _eo(r0, b0, b, tpr1, fpr1):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def _roots(r0, b0, tpr1, fpr1, target, grid, tie: float = 0.0) -> list:
    """Each k_0 where EO crosses (or, within ``tie``, touches) the target between neighbours of
    ``grid``, bisected to machine precision."""
    diff = _eo(r0, b0, grid, tpr1, fpr1) - target
    diff[np.abs(diff) <= tie] = 0
    roots = []
    for i in np.flatnonzero(np.sign(diff[:-1]) * np.sign(diff[1:]) <= 0):
        a, b = grid[i], grid[i + 1]
        for _ in range(60):  # bisection to machine precision
            m = (a + b) / 2
            if np.sign(_eo(r0, b0, m, tpr1, fpr1) - target) == np.sign(diff[i]):
                a = m
            else:
                b = m
        roots.append((a + b) / 2)
    return roots


METRICS = ("disparate_impact", "statistical_parity_difference", "equalized_odds_difference")
MIN_REPETITIONS = 200
# The statuses that are a verdict: a run with one was judged (INSUFFICIENT_DATA and UNDEFINED
# are not, and count neither as covered nor as not covered).
VERDICTS = (FLAGGED, INCONCLUSIVE, PASS)
RULE_METRICS = ("disparate_impact", "equalized_odds_difference")  # the policy's two rules
COVERAGE_CI = "Wilson score interval, 95%, over the runs judged"
MAX_ROWS = 10_000_000  # rows per repetition: beyond this one repetition needs gigabytes


@dataclass
class OracleResult:
    """Recovery of the injected truth over repeated inject → audit runs."""

    truth: dict
    repetitions: int
    n: int
    rows: list[dict]  # per (metric, method): bias, rmse, coverage over the runs judged, ...
    flag_rate: dict  # method -> share of the runs judged flagged (any rule, DI rule)
    # every argument that changes the numbers (defaults included), so a JSON reproduces them
    settings: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        from ..io import json_ready

        return {
            "settings": json_ready(self.settings),
            "truth": {k: self.truth[k] for k in METRICS},
            "repetitions": self.repetitions,
            "n": self.n,
            "recovery": json_ready(self.rows),  # no defined estimate: null, never NaN
            "flag_rate": self.flag_rate,
        }

    def summary(self, di: float, n_boot: int) -> list:
        """The terminal view: rich renderables of the recovery table (injected DI ``di``,
        ``n_boot`` draws per interval) and one line per method on how often the flag fired."""
        from rich.table import Table

        table = Table(
            title=f"Injected DI {di}, EO gap {self.truth['equalized_odds_difference']:.3f}"
            f" — {self.repetitions} repetitions × {self.n:,} rows, B = {n_boot}"
        )
        for col in ("metric", "CI", "truth", "mean est.", "bias", "RMSE", "runs judged"):
            table.add_column(col)
        table.add_column("coverage [95% Wilson]")
        for r in self.rows:
            table.add_row(
                r["metric"],
                r["method"],
                f"{r['truth']:.4f}",
                _defined(r["mean_estimate"], ".4f"),
                _defined(r["bias"], "+z.4f"),
                _defined(r["rmse"], ".4f"),
                f"{r['runs_judged']} of {self.repetitions}",
                _coverage_cell(r),
            )
        side = _policy_side(di)
        expect = _expectation(di, self.truth["equalized_odds_difference"])
        lines = [
            f"flag fired ({meth}, truth DI {number_text(di)} {side}), {expect}: "
            + _flag_words(rate)
            for meth, rate in self.flag_rate.items()
        ]
        lines.append(
            "coverage: the share of the runs judged (those whose interval the audit reported) "
            f"whose interval holds the truth; in brackets its {COVERAGE_CI}"
        )
        return [table, *lines, *_not_assessable_lines(self.rows)]


def _not_assessable_lines(rows: list) -> list[str]:
    """One line per metric no run was judged on (its methods together), then the fix once."""
    by_metric = {}
    for r in rows:
        if r["not_assessable"]:
            by_metric.setdefault((r["metric"], r["not_assessable"]), []).append(r["method"])
    lines = [
        f"{metric} ({', '.join(methods)}): coverage not assessable: {why}"
        for (metric, why), methods in by_metric.items()
    ]
    fixes = dict.fromkeys(r["fix"] for r in rows if r["fix"])  # once each, in row order
    return lines + [f"Fix: {fix}" for fix in fixes]


def _defined(value: float, spec: str) -> str:
    """An estimate's summary in the format ``spec``, or "undefined" where no run had one."""
    return "undefined" if np.isnan(value) else format(value, spec)


def _coverage_cell(row: dict) -> str:
    if row["coverage"] is None:
        return "not assessable"
    low, high = row["coverage_ci"]
    return f"{row['coverage']:.3f} [{low:.3f}, {high:.3f}]"


def _flag_words(rate: dict) -> str:
    """How often a method's flag fired, over the runs judged (any rule, then the DI rule)."""

    def share(key):
        k = rate[f"{key}_runs_judged"]
        if rate[key] is None:
            return "not assessable (no run judged: its metrics were below the audit's floor)"
        return f"{rate[key]:.1%} of {plural(k, 'run', grouped=False)} judged"

    if rate["any_rule"] is None and rate["di_rule"] is None:
        return "not assessable: no run was judged (its rules' metrics were below the audit's floor)"
    part = rate.get("any_rule_runs_part_withheld")
    part = f"; {part} of them with a rule withheld below the floor" if part else ""
    return f"{share('any_rule')}{part} (via the DI rule: {share('di_rule')})"


def _expectation(di: float, eo: float) -> str:
    """The injected EO gap against the policy's EO limit, and whether the default policy
    should flag the truth at all: it should when the DI lies outside the band or the EO gap
    exceeds its limit (a flag is then a detection), and otherwise every flag is a false alarm."""
    pol = Policy()
    above = eo > pol.eo_threshold
    expected = above or not pol.di_threshold <= di <= 1 / pol.di_threshold
    eo_side = f"truth EO gap {eo:.3f} {'above' if above else 'within'} the EO limit"
    verdict = "a flag is expected" if expected else "no flag is expected (each is a false alarm)"
    return f"{eo_side} {threshold_text(pol.eo_threshold)}, so {verdict}"


def _policy_side(di: float) -> str:
    """Where the injected DI lies against the default (two-sided) policy the oracle audits
    with: a flag outside the band [t, 1/t] is a correct detection, inside it a false alarm."""
    t = Policy().di_threshold
    inside = t <= di <= 1 / t
    band = f"[{threshold_text(t)}, {threshold_text(1 / t)}]"
    return f"{'inside' if inside else 'outside'} the policy band {band}"


def run_oracle(
    n: int = 20_000,
    *,
    repetitions: int = 500,
    n_boot: int = 1000,
    methods=("jeffreys", "bca"),
    confidence_level: float = 0.95,
    random_state: int = 0,
    progress=None,
    **injected,
) -> OracleResult:
    """Repeat inject → audit and measure bias, RMSE and interval coverage of DI, SPD and EO.

    ``injected`` are :func:`inject_bias`'s keywords (``disparate_impact``, default 0.6,
    ``eo_gap``, ``base_rates``, ...). Every argument is checked before the first run.
    Coverage and flag rates are computed over the runs the audit judged: a run whose
    interval was withheld below the audit's floor (INSUFFICIENT_DATA) is neither covered nor
    missed; with none judged the value is None and the row says why (``not_assessable``,
    ``fix``). The "any rule" flag rate counts the runs where at least one rule (DI or EO) had
    a verdict, flagged or not, so the denominator does not depend on the verdict. Each coverage
    carries its 95% Wilson score interval (``coverage_ci``); when a coverage rests on fewer
    than 200 runs judged, too few to tell 93% from 97%, a warning gives its Wilson ±.
    """
    _check_oracle(n, repetitions, random_state)
    methods = _check_run(n_boot, methods, confidence_level, progress, injected)
    injected = {"disparate_impact": 0.6, **injected}
    runs = []
    seeds = np.random.SeedSequence(random_state).generate_state(repetitions)
    for r, seed in enumerate(seeds):
        data = inject_bias(n, random_state=int(seed), **injected)
        runs.append(
            (data.truth, [_audit(data, meth, n_boot, confidence_level, seed) for meth in methods])
        )
        if progress:
            progress(r + 1, repetitions)
    shares = injected.get("group_sizes", (0.5, 0.5))
    result = _recovery(runs, methods, n, confidence_level, shares)
    result.settings = {"n": n, "repetitions": repetitions, "n_boot": n_boot, "seed": random_state}
    result.settings |= {"methods": list(methods), "confidence_level": confidence_level}
    # inject_bias's keywords as run_oracle used them: those given, the others' defaults
    params = inspect.signature(inject_bias).parameters
    result.settings |= {key: injected.get(key, params[key].default) for key in INJECTED}
    _warn_few_judged(result.rows, repetitions, confidence_level)
    return result


@refusing_unknown_keywords
def oracle_report(results: list) -> dict:
    """What ``ethiclens oracle --json`` writes for :func:`run_oracle`'s ``results`` (one per
    injected DI): the EthicLens version and time, the settings the results share (every
    argument that changes the numbers: seed, draws, interval methods and level, repetitions,
    rows, injected EO gap, ...) with the injected DIs, then each result's
    :meth:`OracleResult.to_dict`."""
    import datetime as dt

    from .._version import __version__
    from ..io import json_ready

    listed = isinstance(results, list | tuple)
    if not listed or not all(isinstance(r, OracleResult) for r in results):
        fix = "e.g. oracle_report([run_oracle(disparate_impact=0.6)])"
        raise _argument_error("must be a list of run_oracle's results", "results", results, fix)
    first = results[0].settings if results else {}
    shared = {k: v for k, v in first.items() if all(r.settings.get(k) == v for r in results)}
    shared.pop("disparate_impact", None)
    return {
        "command": "oracle",
        "ethiclens_version": __version__,
        "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "settings": json_ready(shared),
        "disparate_impacts": [r.settings.get("disparate_impact") for r in results],
        "results": [r.to_dict() for r in results],
    }


INJECTED = ("disparate_impact", "eo_gap", "base_rates", "group_sizes", "reference_rate")
INJECTED += ("separation",)
# run_oracle's own keywords, beside inject_bias's it passes on (the near miss of n_bot: n_boot)
_RUN_KEYWORDS = ("n", "repetitions", "n_boot", "methods", "confidence_level", "random_state")
_RUN_KEYWORDS += ("progress",)


def _check_run(n_boot, methods, confidence_level, progress, injected) -> tuple:
    """run_oracle's other arguments, each named as an argument: the draws, the interval
    methods (a list of distinct names), the level, a callable progress, inject_bias's
    keywords; the methods as a tuple."""
    check_draws(n_boot, "n_boot", default=1000)  # run_oracle's default
    check_level(confidence_level, "confidence_level")
    fix = "e.g. methods=('jeffreys', 'bca'): a list of interval methods"
    if not isinstance(methods, (tuple, list)) or not methods:
        problem = "must be a non-empty list of interval methods"
        if isinstance(methods, str):
            problem += ", not a single string (read as its characters)"
            fix = f"methods=[{methods!r}]"
        raise _argument_error(problem, "methods", methods, fix)
    for meth in methods:
        try:
            check_ci(meth, where="methods")
        except EthicLensInputError as exc:  # run_oracle's methods is an argument
            raise exc.renamed({}, kind="argument") from None
    _refuse_repeats(
        methods, "methods", "names an interval method more than once", "name each method once"
    )
    if progress is not None and not callable(progress):
        raise _argument_error(
            "must be a function progress(done, total), or None",
            "progress",
            progress,
            "e.g. progress=lambda done, total: print(done, total)",
        )
    refuse_unknown("run_oracle", injected, INJECTED, _RUN_KEYWORDS + INJECTED)
    return tuple(methods)


def oracle_disparate_impacts(values=(), column: str = "disparate_impact", **injected) -> tuple:
    """The injected DIs ``ethiclens oracle`` runs, one :func:`run_oracle` each: ``values``
    (default 0.6 and 1.0), each given once (a repeat would run the same cell twice), each
    checked with ``injected`` (:func:`inject_bias`'s other keywords, e.g. ``eo_gap``) before
    any runs: a DI out of range, or an EO gap impossible at one DI, is refused at once, not
    after the DIs before it have run. A refused DI is named ``column``."""
    if isinstance(values, TEXT_LIKE) or not np.iterable(values):  # None: the default
        if values is not None:  # '0.6' was read as its characters ('0', '.', '6')
            fix = "e.g. [0.6, 1.0]: each DI a number"
            raise _argument_error("must be a list of DIs, not one value", column, values, fix)
        values = ()
    values = tuple(quiet_nans(list(values))) or (0.6, 1.0)  # an sNaN: refused, not hashed
    values = tuple(0.0 if is_number(v) and v == 0 else v for v in values)  # -0.0 is 0.0
    fix = "give each DI once: each one runs the whole oracle"
    _refuse_repeats(values, column, "gives the same DI more than once", fix)
    choices = ("values", "column", *INJECTED[1:])
    meant = {"disparate_impact": "values"}
    refuse_unknown("oracle_disparate_impacts", injected, INJECTED[1:], choices, meant)
    params = inspect.signature(_injected_groups).parameters
    # inject_bias's defaults, then those given (group_sizes needs the rows: run_oracle's check)
    kw = {k: injected.get(k, inspect.signature(inject_bias).parameters[k].default) for k in params}
    for value in values:
        try:
            _injected_groups(**{**kw, "disparate_impact": value})
        except EthicLensInputError as exc:
            if not column.startswith("-"):  # a Python caller's keyword
                raise exc.renamed({"disparate_impact": column}) from None
            flags = {k: "--" + k.replace("_", "-") for k in INJECTED} | {"disparate_impact": column}
            raise exc.renamed(flags, kind=None) from None  # the command line's flags
    return values


def _refuse_repeats(values, column: str, problem: str, fix: str) -> None:
    """Refuse the first value of ``values`` given a second time, named with ``column``."""
    seen = set()
    for value in values:
        try:
            repeated = value in seen
        except TypeError:  # a list, (0.5, [1]): refused as no number after this check
            continue
        if repeated:
            raise EthicLensInputError(
                problem,
                column=column,
                kind=None if column.startswith("-") else "argument",
                value=value,
                fix=fix,
            )
        seen.add(value)


def _warn_few_judged(rows: list, repetitions: int, confidence_level: float) -> None:
    """Warn when a coverage rests on 1 to 199 runs judged: its Wilson ± (the fewest
    runs judged of the rows); no warning when no run was judged (the rows say so)."""
    few = [r for r in rows if 0 < r["runs_judged"] < MIN_REPETITIONS]
    if not few:
        return
    row = min(few, key=lambda r: r["runs_judged"])
    k, (low, high) = row["runs_judged"], row["coverage_ci"]
    mc = (confidence_level * (1 - confidence_level) / k) ** 0.5
    warnings.warn(
        f"{row['metric']} ({row['method']}): coverage over {k} runs judged (of {repetitions} "
        f"repetitions) is only known to ±{(high - low) / 2:.1%} (95% Wilson interval "
        f"[{low:.3f}, {high:.3f}]; Monte Carlo SE at the nominal level {mc:.1%}); "
        f"use >= {MIN_REPETITIONS} runs judged to judge it (more repetitions, or a larger n "
        "where runs are withheld)",
        stacklevel=3,
    )


def _check_oracle(n, repetitions, random_state) -> None:
    """Rows from 20 to MAX_ROWS, 2 to ``_checks.MAX_REPETITIONS`` whole repetitions, a seed."""
    check_seed(random_state, "random_state")
    check_rows(n)
    # run_oracle's argument; the CLI names its --repetitions
    fix = f"e.g. 500; use {MIN_REPETITIONS} or more to judge coverage"
    check_repetitions(repetitions, "repetitions", fix=fix, minimum=2)


MIN_ROWS = 20  # rows per data set: two groups of 10


def check_rows(n) -> int:
    """Rows of an injected data set (inject_bias, run_oracle): a whole number from
    :data:`MIN_ROWS` to :data:`MAX_ROWS`."""
    refuse_whole_decimal(n, "n", check_rows)  # 20000.0: 20000 to give, when in range
    whole = isinstance(n, (int, np.integer)) and not isinstance(n, bool)
    if not whole or not MIN_ROWS <= n <= MAX_ROWS:
        raise _argument_error(
            f"must be a whole number of rows from {MIN_ROWS} to {MAX_ROWS:,}",
            "n",
            n,
            "e.g. 20000 (the oracle's default)",
        )
    return int(n)


def _check_pair(value, name: str, fix: str) -> tuple[float, float]:
    """A (privileged, unprivileged) pair of numbers strictly between 0 and 1."""
    # a tuple, list or array of two items (text is one value, not a pair of characters)
    if isinstance(value, pd.Series):  # df[["rate"]].squeeze(), a Series: its values
        value = value.to_numpy()
    if not isinstance(value, (tuple, list, np.ndarray)) or len(value) != 2:
        raise _argument_error(
            "must be a pair (privileged, unprivileged) of numbers", name, value, fix
        )
    return tuple(check_fraction(x, name, fix=fix) for x in value)


def _group_rows(n: int, group_sizes) -> dict:
    """Rows per group: ``round(n · share)``; the shares must sum to 1 and give each group a
    row (a silent renormalisation would inject a different data set than asked)."""
    fix = "e.g. (0.5, 0.5) (the default) or (0.7, 0.3): the two groups' shares of the rows"
    shares = _check_pair(group_sizes, "group_sizes", fix)
    if abs(sum(shares) - 1) > 1e-9:
        raise _argument_error(
            f"the shares sum to {_beside(sum(shares), (1.0,))}, not 1",
            "group_sizes",
            group_sizes,
            fix,
        )
    n1 = int(round(n * shares[0]))
    if not 0 < n1 < n:
        raise _argument_error(
            f"gives a group no rows at n = {n}",
            "group_sizes",
            group_sizes,
            f"use shares of at least {1 / n:.2g} each, or more rows",
        )
    return {PRIVILEGED: n1, UNPRIVILEGED: n - n1}


def _audit(data: InjectedData, method: str, n_boot, confidence_level, seed):
    """One audit of injected data with one interval method: its only comparison."""
    return audit(
        data.y_true,
        data.y_pred,
        {"group": data.group},
        reference=PRIVILEGED,
        n_boot=n_boot,
        ci=method,
        confidence_level=confidence_level,
        random_state=int(seed),
    ).comparisons[0]


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> list[float]:
    """Wilson score interval of a proportion k/n (95% by default): inside [0, 1] and of
    positive width at 0 and 1, where the binomial SE sqrt(p(1 - p)/n) is 0."""
    p, z2 = k / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return [float(max(0.0, centre - half)), float(min(1.0, centre + half))]


def _coverage(ests: list, truths: list) -> dict:
    """Coverage of the runs whose interval was reported (an interval the audit withheld below
    its floor is no evidence either way): the share, its Wilson interval and Monte Carlo SE,
    how many runs were judged, and why none was when none was."""
    shown = [e.ci_low is not None and e.ci_high is not None for e in ests]
    judged = [e.ci_low <= t <= e.ci_high for e, t, s in zip(ests, truths, shown, strict=True) if s]
    out = {"runs_judged": len(judged), "coverage": None, "coverage_ci": None}
    out |= {"coverage_ci_method": COVERAGE_CI, "coverage_mc_se": None, "not_assessable": None}
    if judged:
        cov = float(np.mean(judged))
        out |= {"coverage": cov, "coverage_ci": _wilson(sum(judged), len(judged))}
        out["coverage_mc_se"] = float(np.sqrt(cov * (1 - cov) / len(judged)))
    else:
        first = ests[0]
        out["not_assessable"] = (
            f"no run of {len(ests)} reported an interval (first: {first.status}, "
            f"{first.reason or first.ci_method})"
        )
    return out


def _floor_fix(metric: str, n: int, shares, truth: dict) -> str:
    """The rows per repetition the audit's floor for ``metric`` needs: each group at the row
    floor (DI, SPD), or (EO) expected to hold the label floor's positive and negative labels."""
    pol = Policy()
    share = dict(zip((PRIVILEGED, UNPRIVILEGED), shares, strict=True))
    if metric != "equalized_odds_difference":
        need = max(pol.min_group_size / s for s in shares)
        have = min(round(n * s) for s in shares)
        return (
            f"use n of at least {int(np.ceil(need - 1e-9))} (--n): the audit reports no "
            f"interval for a group under {pol.min_group_size} rows (Policy.min_group_size), "
            f"and at n = {n} the smaller group has {have}"
        )
    rare = {g: share[g] * min(b, 1 - b) for g, b in truth["base_rate"].items()}
    need = max(pol.min_label_count / r for r in rare.values())
    return (
        f"use n well above {int(np.ceil(need))} (--n; there a group's rarer label is expected "
        f"{pol.min_label_count} times, and about half the runs fall short): the audit reports "
        f"no EO interval for a group with under {pol.min_label_count} positive or negative "
        f"labels (Policy.min_label_count); at n = {n} the rarer label of a group is expected "
        f"{min(rare.values()) * n:.0f} times"
    )


def _flag_rates(runs: list, i: int) -> dict:
    """Method ``i``'s flag rates over the runs judged: for the DI rule the runs whose DI had a
    verdict; for any rule the runs where at least one rule had a verdict (the audit's verdict
    as a user gets it: a rule withheld below the floor cannot fire), of which those with a
    rule withheld are counted apart. Which runs count never depends on the verdict: counting
    every flagged run but a passed one only when EO too was judged put flags in the
    denominator that passes could not join."""
    comps = [c[i] for _, c in runs]
    di = [c.flagged and any(r.startswith("DI_") for r in c.flag_rules) for c in comps]
    verdicts = [[c.metrics[m].status in VERDICTS for m in RULE_METRICS] for c in comps]
    di_judged = [v[RULE_METRICS.index("disparate_impact")] for v in verdicts]
    rates = {}
    for key, fired, judged in (
        ("any_rule", [c.flagged for c in comps], [any(v) for v in verdicts]),
        ("di_rule", di, di_judged),
    ):
        kept = [f for f, j in zip(fired, judged, strict=True) if j]
        rates[key] = float(np.mean(kept)) if kept else None
        rates[f"{key}_runs_judged"] = len(kept)
    rates["any_rule_runs_part_withheld"] = sum(any(v) and not all(v) for v in verdicts)
    return rates


def _recovery(runs: list, methods, n: int, confidence_level: float, shares) -> OracleResult:
    """Bias, RMSE and coverage per (metric, method), and flag rates per method, from each
    run's (truth, comparison per method); the estimates are the first method's."""
    truth = runs[-1][0]
    rows = []
    for m in METRICS:
        est = np.array([np.nan if (v := c[0].metrics[m].value) is None else v for _, c in runs])
        for i, meth in enumerate(methods):
            cov = _coverage([c[i].metrics[m] for _, c in runs], [t[m] for t, _ in runs])
            cov["fix"] = _floor_fix(m, n, shares, truth) if cov["not_assessable"] else None
            rows.append(
                {
                    "metric": m,
                    "method": meth,
                    "truth": truth[m],
                    "mean_estimate": _nanmean(est),
                    "bias": _nanmean(est - truth[m]),
                    "rmse": _nanmean((est - truth[m]) ** 2) ** 0.5,
                    **cov,
                    "nominal": confidence_level,
                }
            )
    flag_rate = {meth: _flag_rates(runs, i) for i, meth in enumerate(methods)}
    return OracleResult(truth, len(runs), n, rows, flag_rate)


def _nanmean(values: np.ndarray) -> float:
    """The mean of the defined values (NaN when none is)."""
    kept = values[~np.isnan(values)]
    return float(kept.mean()) if len(kept) else float("nan")
