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

from .._checks import check_seed
from ..errors import EthicLensInputError
from ..fairness import audit

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
    tpr0, fpr0 = _rates(r, b, k)
    return max(abs(tpr0 - tpr1), abs(fpr0 - fpr1))


def _feasible_k(r, b):
    # TPR = r + (1-b)k and FPR = r - bk must both lie in [0, 1].
    lo = max(-r / (1 - b), (r - 1) / b)
    hi = min((1 - r) / (1 - b), r / b)
    return lo, hi


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
    b1, b0 = base_rates
    r1 = reference_rate
    r0 = disparate_impact * r1
    if not (0 < r1 <= 1 and 0 <= r0 <= 1):
        raise EthicLensInputError(
            "the requested DI gives a selection rate outside [0, 1]",
            column="disparate_impact",
            value=disparate_impact,
            fix="lower reference_rate or the DI",
        )
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
    tpr0, fpr0 = _rates(r0, b0, k0)
    rng = np.random.default_rng(random_state)
    n1 = int(round(n * group_sizes[0] / sum(group_sizes)))
    parts = []
    for name, size, b, tpr, fpr in (
        (PRIVILEGED, n1, b1, tpr1, fpr1),
        (UNPRIVILEGED, n - n1, b0, tpr0, fpr0),
    ):
        y = (rng.random(size) < b).astype(np.int8)
        p = np.where(y == 1, rng.random(size) < tpr, rng.random(size) < fpr).astype(np.int8)
        parts.append((y, p, np.full(size, name)))
    y, p, g = (np.concatenate(x) for x in zip(*parts, strict=True))
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


def _solve_k(r0, b0, tpr1, fpr1, target, lo, hi, start):
    """k_0 giving EO = target: EO(k) is convex piecewise-linear; take the root nearest start."""
    grid = np.linspace(lo, hi, 4001)
    eo = np.array([_eo(r0, b0, k, tpr1, fpr1) for k in grid])
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
        raise EthicLensInputError(
            f"no valid classifier has this EO gap at this DI (possible range "
            f"[{eo.min():.3f}, {eo.max():.3f}])",
            column="eo_gap",
            value=target,
            fix="choose an EO gap in that range",
        )
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


def run_oracle(
    n: int = 20_000,
    *,
    disparate_impact: float = 0.6,
    eo_gap: float | None = None,
    repetitions: int = 500,
    n_boot: int = 1000,
    methods=("jeffreys", "bca"),
    confidence_level: float = 0.95,
    random_state: int = 0,
    progress=None,
    **inject_kwargs,
) -> OracleResult:
    """Repeat inject → audit and measure bias, RMSE and interval coverage of DI, SPD and EO.

    With fewer than 200 repetitions a coverage estimate's Monte Carlo error (about
    sqrt(0.95·0.05/R)) is too large to tell 93% from 97%; a warning says so.
    """
    check_seed(random_state, "random_state")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 20 <= n <= MAX_ROWS:
        raise EthicLensInputError(
            f"must be a whole number of rows from 20 to {MAX_ROWS:,}",
            column="n",
            value=n,
            fix="e.g. 20000 (the default)",
        )
    if isinstance(repetitions, bool) or not isinstance(repetitions, (int, np.integer)):
        raise EthicLensInputError(
            "must be a whole number", column="repetitions", value=repetitions, fix="e.g. 500"
        )
    if repetitions < 2:
        raise EthicLensInputError(
            "needs at least 2 repetitions",
            column="repetitions",
            value=repetitions,
            fix=f"use {MIN_REPETITIONS} or more to judge coverage",
        )
    if repetitions < MIN_REPETITIONS:
        mc = (confidence_level * (1 - confidence_level) / repetitions) ** 0.5
        warnings.warn(
            f"{repetitions} repetitions: coverage is only known to ±{1.96 * mc:.1%} "
            f"(Monte Carlo SE {mc:.1%}); use >= {MIN_REPETITIONS} to judge it",
            stacklevel=2,
        )
    seeds = np.random.SeedSequence(random_state).generate_state(repetitions)
    estimates = {m: [] for m in METRICS}
    covered = {(m, meth): [] for m in METRICS for meth in methods}
    flags = {meth: [] for meth in methods}
    di_flags = {meth: [] for meth in methods}
    truth = None
    for r, seed in enumerate(seeds):
        data = inject_bias(
            n,
            disparate_impact=disparate_impact,
            eo_gap=eo_gap,
            random_state=int(seed),
            **inject_kwargs,
        )
        truth = data.truth
        for meth in methods:
            res = audit(
                data.y_true,
                data.y_pred,
                {"group": data.group},
                reference=PRIVILEGED,
                n_boot=n_boot,
                ci=meth,
                confidence_level=confidence_level,
                random_state=int(seed),
            )
            c = res.comparisons[0]
            for m in METRICS:
                est = c.metrics[m]
                if meth == methods[0]:
                    estimates[m].append(np.nan if est.value is None else est.value)
                ok = est.ci_low is not None and est.ci_low <= truth[m] <= est.ci_high
                covered[(m, meth)].append(ok)
            flags[meth].append(c.flagged)
            di_flags[meth].append(any(rule.startswith("DI_") for rule in c.flag_rules))
        if progress:
            progress(r + 1, repetitions)
    rows = []
    for m in METRICS:
        est = np.asarray(estimates[m])
        for meth in methods:
            cov = float(np.mean(covered[(m, meth)]))
            rows.append(
                {
                    "metric": m,
                    "method": meth,
                    "truth": truth[m],
                    "mean_estimate": float(np.nanmean(est)),
                    "bias": float(np.nanmean(est) - truth[m]),
                    "rmse": float(np.sqrt(np.nanmean((est - truth[m]) ** 2))),
                    "coverage": cov,
                    "coverage_mc_se": float(np.sqrt(cov * (1 - cov) / repetitions)),
                    "nominal": confidence_level,
                }
            )
    flag_rate = {
        meth: {"any_rule": float(np.mean(flags[meth])), "di_rule": float(np.mean(di_flags[meth]))}
        for meth in methods
    }
    return OracleResult(truth, repetitions, n, rows, flag_rate)
