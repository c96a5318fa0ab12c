"""The bias-injection oracle: data with a known disparate impact (and EO gap), audited again
and again to check the engine recovers the truth and its intervals cover it.

The truth is a population value fixed by construction, not a sample estimate: group g has
selection rate r_g, base rate b_g, and predictions are drawn given the label with
TPR_g = r_g + (1 − b_g)·k_g and FPR_g = r_g − b_g·k_g, so P(Ŷ = 1 | g) = r_g exactly for any
separation k_g. DI = r_0 / r_1 and EO = max(|ΔTPR|, |ΔFPR|) follow exactly.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .._checks import check_repetitions, check_seed
from ..errors import EthicLensInputError
from ..fairness import Policy, audit

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


def _selection_rates(r1: float, disparate_impact: float) -> tuple[float, float]:
    """(privileged, unprivileged) selection rates, each checked to be a rate."""
    r0 = disparate_impact * r1
    if not 0 < r1 <= 1:
        raise EthicLensInputError(
            "must lie in (0, 1]", column="reference_rate", value=r1, fix="e.g. 0.5 (the default)"
        )
    if not 0 <= r0 <= 1:
        raise EthicLensInputError(
            f"gives the unprivileged group a selection rate of {r0:g}, outside [0, 1]",
            column="disparate_impact",
            value=disparate_impact,
            fix=f"choose a DI from 0 to {1 / r1:g} (the reference selection rate is {r1:g})",
        )
    return r1, r0


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
        Rows; group sizes are fixed at ``round(n · share)``.
    disparate_impact : float
        r_unprivileged / r_privileged.
    eo_gap : float, optional
        Equalized-odds difference to build in; default: both groups share the separation ``k``
        and the EO gap is whatever follows (reported in ``truth``).
    base_rates, group_sizes : pairs (privileged, unprivileged)
    reference_rate : float
        Selection rate of the privileged group.
    separation : float
        k of the privileged group (how much better than chance the predictions are).
    """
    _finite(disparate_impact, "disparate_impact", "e.g. 0.6 (unprivileged rate / privileged rate)")
    if eo_gap is not None:
        _finite(eo_gap, "eo_gap", "e.g. 0.1, or leave it out")
    _finite(reference_rate, "reference_rate", "e.g. 0.5 (the default)")
    _finite(separation, "separation", "e.g. 0.3 (the default)")
    b1, b0 = base_rates
    r1, r0 = _selection_rates(reference_rate, disparate_impact)
    lo1, hi1 = _feasible_k(r1, b1)
    if not lo1 <= separation <= hi1:
        raise EthicLensInputError(
            "separation impossible for this rate and base rate",
            column="separation",
            value=separation,
            fix=f"use a value in [{lo1:.3f}, {hi1:.3f}]",
        )
    tpr1, fpr1 = _rates(r1, b1, separation)
    lo0, hi0 = _feasible_k(r0, b0)
    if eo_gap is None:
        k0 = float(np.clip(separation, lo0, hi0))
    else:
        k0 = _solve_k(r0, b0, tpr1, fpr1, eo_gap, lo0, hi0, separation)
        if k0 is None:
            raise _eo_gap_error(eo_gap, disparate_impact, r1, b0, (tpr1, fpr1))
    groups = {PRIVILEGED: (r1, b1, tpr1, fpr1), UNPRIVILEGED: (r0, b0, *_rates(r0, b0, k0))}
    n1 = int(round(n * group_sizes[0] / sum(group_sizes)))
    sizes = {PRIVILEGED: n1, UNPRIVILEGED: n - n1}
    return _draw(groups, sizes, np.random.default_rng(random_state))


def _finite(value, column: str, fix: str) -> None:
    """A real, finite number (not text, a bool, NaN or infinity)."""
    number = isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_)
    )
    if not number or not np.isfinite(value):
        raise EthicLensInputError(
            "must be a finite number" + ("" if number else f", not {type(value).__name__}"),
            column=column,
            value=value,
            fix=fix,
        )


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
    fix = f"choose an EO gap in [{low:.3f}, {high:.3f}] (--eo-gap; eo_gap in Python)"
    if len(ok):
        # rounded inwards to 2 decimals, so both ends are themselves possible
        a, b = np.ceil(ok.min() * 100 - 1e-9) / 100, np.floor(ok.max() * 100 + 1e-9) / 100
        fix += (
            f", or a DI from {a:g} to {b:g}, where an EO gap of {target:g} is possible "
            "(--di; disparate_impact in Python)"
        )
    return EthicLensInputError(
        f"no valid classifier has an EO gap of {target:g} at DI {di:g} (possible EO gaps at "
        f"this DI: [{low:.3f}, {high:.3f}])",
        column="eo_gap",
        value=target,
        fix=fix,
    )


def _solve_k(r0, b0, tpr1, fpr1, target, lo, hi, start):
    """k_0 giving EO = target: EO(k) is convex piecewise-linear; take the root nearest start
    (None when no k_0 in [lo, hi] gives it)."""
    grid = np.linspace(lo, hi, 4001)
    eo = _eo(r0, b0, grid, tpr1, fpr1)
    diff = eo - target
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
    if not roots:
        return None
    return min(roots, key=lambda k: abs(k - start))


METRICS = ("disparate_impact", "statistical_parity_difference", "equalized_odds_difference")
MIN_REPETITIONS = 200
MAX_ROWS = 10_000_000  # rows per repetition: beyond this one repetition needs gigabytes


@dataclass
class OracleResult:
    """Recovery of the injected truth over repeated inject → audit runs."""

    truth: dict
    repetitions: int
    n: int
    rows: list[dict]  # per (metric, method): bias, rmse, coverage, its MC error
    flag_rate: dict  # method -> share of runs flagged (any rule), and via the DI rule

    def to_dict(self) -> dict:
        return {
            "truth": {k: self.truth[k] for k in METRICS},
            "repetitions": self.repetitions,
            "n": self.n,
            "recovery": self.rows,
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
        for col in ("metric", "CI", "truth", "mean est.", "bias", "RMSE", "coverage (±MC SE)"):
            table.add_column(col)
        for r in self.rows:
            table.add_row(
                r["metric"],
                r["method"],
                f"{r['truth']:.4f}",
                f"{r['mean_estimate']:.4f}",
                f"{r['bias']:+.4f}",
                f"{r['rmse']:.4f}",
                f"{r['coverage']:.3f} ± {r['coverage_mc_se']:.3f}",
            )
        return [table] + [
            f"flag fired ({meth}, truth DI {di:g} {_policy_side(di)}): {rate['any_rule']:.1%} of "
            f"runs (via the DI rule {rate['di_rule']:.1%})"
            for meth, rate in self.flag_rate.items()
        ]


def _policy_side(di: float) -> str:
    """Where the injected DI lies against the default (two-sided) policy the oracle audits
    with: a flag outside the band [t, 1/t] is a correct detection, inside it a false alarm."""
    t = Policy().di_threshold
    inside = t <= di <= 1 / t
    return f"{'inside' if inside else 'outside'} the policy band [{t:.2f}, {1 / t:.2f}]"


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
    ``eo_gap``, ``base_rates``, ...). With fewer than 200 repetitions a coverage estimate's
    Monte Carlo error (about sqrt(0.95·0.05/R)) is too large to tell 93% from 97%; a warning
    says so.
    """
    _check_oracle(n, repetitions, random_state)
    if repetitions < MIN_REPETITIONS:
        mc = (confidence_level * (1 - confidence_level) / repetitions) ** 0.5
        warnings.warn(
            f"{repetitions} repetitions: coverage is only known to ±{1.96 * mc:.1%} "
            f"(Monte Carlo SE {mc:.1%}); use >= {MIN_REPETITIONS} to judge it",
            stacklevel=2,
        )
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
    return _recovery(runs, methods, n, confidence_level)


def _check_oracle(n, repetitions, random_state) -> None:
    """Rows from 20 to MAX_ROWS, 2 to ``_checks.MAX_REPETITIONS`` whole repetitions, a seed."""
    check_seed(random_state, "random_state")
    if not _whole(n) or not 20 <= n <= MAX_ROWS:
        raise EthicLensInputError(
            f"must be a whole number of rows from 20 to {MAX_ROWS:,}",
            column="n",
            value=n,
            fix="e.g. 20000 (the default)",
        )
    # run_oracle's argument; the CLI names its --repetitions
    fix = f"e.g. 500; use {MIN_REPETITIONS} or more to judge coverage"
    check_repetitions(repetitions, "repetitions", fix=fix, minimum=2)


def _covers(est, value) -> bool:
    return est.ci_low is not None and est.ci_low <= value <= est.ci_high


def _whole(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


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


def _recovery(runs: list, methods, n: int, confidence_level: float) -> OracleResult:
    """Bias, RMSE and coverage per (metric, method), and flag rates per method, from each
    run's (truth, comparison per method); the estimates are the first method's."""
    truth = runs[-1][0]
    rows = []
    for m in METRICS:
        est = np.array([c[0].metrics[m].value for _, c in runs], dtype=float)
        for i, meth in enumerate(methods):
            ests = [c[i].metrics[m] for _, c in runs]
            cov = float(np.mean([_covers(e, t[m]) for e, (t, _) in zip(ests, runs, strict=True)]))
            rows.append(
                {
                    "metric": m,
                    "method": meth,
                    "truth": truth[m],
                    "mean_estimate": float(np.nanmean(est)),
                    "bias": float(np.nanmean(est) - truth[m]),
                    "rmse": float(np.sqrt(np.nanmean((est - truth[m]) ** 2))),
                    "coverage": cov,
                    "coverage_mc_se": float(np.sqrt(cov * (1 - cov) / len(runs))),
                    "nominal": confidence_level,
                }
            )
    flag_rate = {
        meth: {
            "any_rule": float(np.mean([c[i].flagged for _, c in runs])),
            "di_rule": float(
                np.mean([any(r.startswith("DI_") for r in c[i].flag_rules) for _, c in runs])
            ),
        }
        for i, meth in enumerate(methods)
    }
    return OracleResult(truth, len(runs), n, rows, flag_rate)
