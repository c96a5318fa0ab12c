"""Anytime-valid evidence from per-window counts: betting tests and confidence sequences.

Every statistic here is a function of two groups' counts per window (rows and positives) and
is vectorised over a leading axis of independent streams, so one call updates one comparison
of a deployed model or ten thousand simulated streams alike.

**Pairs from counts.** Chugg et al. (2023) bet on pairs (one row of the reference group ``a``,
one of the compared group ``b``) with a statistic ``Z = u·a + v·b + w`` whose mean is ``≤ 0``
under the null. In a window with ``n_a`` and ``n_b`` rows we pair ``m = min(n_a, n_b)`` rows at
random. For a bet ``λ`` fixed for the window, ``E[∏ (1 + λ Z_i)] ≤ 1`` under the null, for the
random pairing too; by Jensen, ``exp(E_pairing Σ log(1 + λ Z_i))`` is smaller still, and that
expectation is ``m · Σ_ab P̂(a) P̂(b) log(1 + λ z_ab)`` with the window's empirical rates: a
multiplier computed from counts alone whose expectation under the null is at most 1. Its product
over windows is a nonnegative supermartingale, so Ville's inequality bounds the chance that it
ever reaches ``1/α`` by ``α``. Assumption: within a window a group's rows are exchangeable;
rates may drift from window to window as long as every window satisfies the null.

**Bets.** Online Newton steps (as in Chugg et al.), one step per window with the window's summed
gradient (the batched form of the per-observation update), projected to ``[0, λ_max]`` with
``λ_max = 1 / (2 · max(-Z))`` so that ``1 + λ Z ≥ 1/2``.

**Composite nulls.** DI inside ``[t, 1/t]``: two one-sided nulls, ``b ≥ t·a`` and ``b ≤ a/t``
in mean; EO gap at most ``ε``: four, ``±(TPR_b − TPR_a) ≤ ε`` and ``±(FPR_b − FPR_a) ≤ ε``. The
metric's e-process is the average of its one-sided wealths, a supermartingale under the
intersection null (the policy's band).

**Confidence sequences** (Waudby-Smith & Ramdas 2023, hedged capital): for every value ``θ`` of a
grid, ``½ K⁺(θ) + ½ K⁻(θ)`` with predictable plug-in bets; ``θ`` leaves the sequence for good
once its capital reaches ``1/α`` (running intersection).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

ONS_STEP = 2.0 / (2.0 - math.log(3.0))

# the four (a, b) outcomes of a pair, in this order
_A = np.array([0.0, 0.0, 1.0, 1.0])
_B = np.array([0.0, 1.0, 0.0, 1.0])


def pair_probs(n_a, s_a, n_b, s_b):
    """(m, P) for a window: pairs ``m = min(n_a, n_b)`` and the product of the empirical
    Bernoulli marginals over the four (a, b) outcomes, shape ``(..., 4)``; P is 0 where m = 0."""
    n_a, s_a, n_b, s_b = (np.asarray(x, dtype=float) for x in (n_a, s_a, n_b, s_b))
    m = np.minimum(n_a, n_b)
    with np.errstate(invalid="ignore", divide="ignore"):
        pa = np.where(n_a > 0, s_a / np.where(n_a > 0, n_a, 1), 0.0)
        pb = np.where(n_b > 0, s_b / np.where(n_b > 0, n_b, 1), 0.0)
    pa, pb = pa[..., None], pb[..., None]
    p = np.where(_A == 1, pa, 1 - pa) * np.where(_B == 1, pb, 1 - pb)
    p = np.where((m > 0)[..., None], p, 0.0)
    return m, p


@dataclass(frozen=True)
class OneSided:
    """A one-sided null ``E[u·a + v·b + w] ≤ 0`` (per pair)."""

    name: str
    u: float | np.ndarray  # scalars, or one value per stream (shape (..., ))
    v: float | np.ndarray
    w: float | np.ndarray

    @property
    def z(self) -> np.ndarray:
        """Z at the four pair outcomes: ``(4,)``, or ``(..., 4)`` with per-stream coefficients."""
        u, v, w = (np.asarray(x, dtype=float)[..., None] for x in (self.u, self.v, self.w))
        return u * _A + v * _B + w

    @property
    def lam_max(self):
        return 0.5 / np.maximum(-self.z.min(axis=-1), 1e-12)


def di_nulls(threshold: float = 0.8) -> tuple[OneSided, OneSided]:
    """DI = rate_b / rate_a inside [t, 1/t]: ``t·a − b ≤ 0`` and ``b − a/t ≤ 0`` in mean."""
    return (
        OneSided("di_low", threshold, -1.0, 0.0),
        OneSided("di_high", -1.0 / threshold, 1.0, 0.0),
    )


def gap_nulls(eps: float, prefix: str) -> tuple[OneSided, OneSided]:
    """|rate_b − rate_a| ≤ ε: ``b − a − ε ≤ 0`` and ``a − b − ε ≤ 0`` in mean."""
    return (
        OneSided(f"{prefix}_up", -1.0, 1.0, -eps),
        OneSided(f"{prefix}_down", 1.0, -1.0, -eps),
    )


def ons_init(shape=()) -> dict:
    """A fresh bet: wealth 1, λ 0 (nothing is staked before there is evidence), A = 1."""
    return {
        "log_wealth": np.zeros(shape),
        "lam": np.zeros(shape),
        "A": np.ones(shape),
    }


# the first window a bet sees has no past to set λ from: it stakes half the wealth on a mixture of
# these fractions of λ_max and keeps half (so it loses at most a factor 2 under the null)
FIRST_MIX = np.array([1 / 16, 1 / 8, 1 / 4, 1 / 2, 1.0])


def ons_update(
    state: dict,
    null: OneSided,
    m,
    p,
    memory: float | None = None,
    first_mix: bool = True,
    scale=None,
) -> dict:
    """One window: grow the wealth at the window's bet, then one Newton step with the window's
    summed gradient. ``m``: pairs, ``p``: pair-outcome probabilities ``(..., 4)``.

    ``memory`` (pairs; None: no forgetting): the curvature sum A decays by ``exp(-m/memory)``
    before this window's pairs are added, so the bet forgets at the same rate per *pair*
    however the stream is cut into windows (a per-window factor would forget 24× faster on
    hourly windows than on daily ones, and hold a small steady gap's bet noisy).

    While nothing has been seen (A = 1), the window's multiplier is ½ + ½·mean_j of the
    multipliers at λ_j = FIRST_MIX·λ_max instead of the (zero) ONS bet: a mixture of e-values is
    an e-value, so validity is kept and a clear disparity can alarm in its first window.

    ``scale`` (inverse-propensity weighting, per stream): the window's bets are capped at
    ``scale · λ_max`` with ``scale = 1 / ρ_max``, ρ_max the largest normalised weight
    (1/π) / mean(1/π) of the window's rows: a payoff weighted by ρ reaches ``-ρ_max·max(-Z)``,
    and the cap keeps ``1 + λ ρ Z ≥ 1/2`` (docs/monitoring.md)."""
    z = null.z
    lam_max, lam = null.lam_max, state["lam"]
    if scale is not None:
        lam_max = lam_max * np.asarray(scale, dtype=float)
        lam = np.minimum(lam, lam_max)
    m = np.asarray(m, dtype=float)
    one = 1.0 + lam[..., None] * z
    log_growth = m * np.sum(p * np.log(one), axis=-1)
    if first_mix:
        first = state["A"] == 1.0
        if np.any(first):
            lam_j = np.asarray(lam_max)[..., None] * FIRST_MIX  # (..., J)
            one_j = 1.0 + lam_j[..., None] * z[..., None, :]  # (..., J, 4)
            lg = m[..., None] * np.sum(p[..., None, :] * np.log(one_j), axis=-1)
            top = lg.max(axis=-1)
            log_mean = top + np.log(np.mean(np.exp(lg - top[..., None]), axis=-1))
            mixed = np.logaddexp(math.log(0.5), math.log(0.5) + log_mean)
            log_growth = np.where(first, mixed, log_growth)
    g = z / one
    grad = m * np.sum(p * g, axis=-1)
    hess = m * np.sum(p * g * g, axis=-1)
    forget = 1.0 if memory is None else np.exp(-m / memory)
    A = 1.0 + forget * (state["A"] - 1.0) + hess
    new_lam = np.clip(lam + ONS_STEP * grad / A, 0.0, null.lam_max)
    return {"log_wealth": state["log_wealth"] + log_growth, "lam": new_lam, "A": A}


def ons_update_obs(state: dict, null: OneSided, a, b, active=None) -> dict:
    """The per-observation update (Chugg et al.'s loop body) for one pair ``(a, b)`` per
    stream; kept as the reference the per-window form is compared with."""
    zval = null.u * np.asarray(a, float) + null.v * np.asarray(b, float) + null.w
    lam = state["lam"]
    one = 1.0 + lam * zval
    g = zval / one
    A = state["A"] + g * g
    new = {
        "log_wealth": state["log_wealth"] + np.log(one),
        "lam": np.clip(lam + ONS_STEP * g / A, 0.0, null.lam_max),
        "A": A,
    }
    if active is None:
        return new
    return {k: np.where(active, new[k], state[k]) for k in state}


def log_mean_exp(log_values: list[np.ndarray]) -> np.ndarray:
    """log of the average of exp(values): the e-process of an intersection of nulls."""
    stack = np.stack(log_values)
    top = stack.max(axis=0)
    return top + np.log(np.mean(np.exp(stack - top), axis=0))


# -- confidence sequences ----------------------------------------------------------------------


@dataclass(frozen=True)
class CSFamily:
    """Statistic ``Z_θ = b − c(θ)·a − e(θ)``; ``θ`` ranges over ``grid``.

    ``kind="gap"``: c = 1, e = θ (the difference of rates); ``kind="ratio"``: c = θ, e = 0 (DI).
    """

    kind: str
    grid: np.ndarray

    @property
    def c(self) -> np.ndarray:
        return np.ones_like(self.grid) if self.kind == "gap" else self.grid

    @property
    def e(self) -> np.ndarray:
        return self.grid if self.kind == "gap" else np.zeros_like(self.grid)

    @cached_property
    def zt(self) -> np.ndarray:
        """(4, G): Z_θ at the four pair outcomes."""
        return (_B[None, :] - self.c[:, None] * _A[None, :] - self.e[:, None]).T.copy()

    @cached_property
    def caps(self) -> tuple[np.ndarray, np.ndarray]:
        """Largest bets on Z (λ⁺) and on −Z (λ⁻) that keep 1 ± λZ ≥ 1/2."""
        z = self.zt
        return 0.5 / np.maximum(-z.min(axis=0), 1e-12), 0.5 / np.maximum(z.max(axis=0), 1e-12)

    @cached_property
    def c2(self) -> np.ndarray:
        return self.c**2

    @cached_property
    def prior_var(self) -> np.ndarray:
        return 0.25 * (1.0 + self.c**2)


def gap_grid(points: int = 2001) -> np.ndarray:
    return np.linspace(-1.0, 1.0, points)[1:-1]


def ratio_grid(points: int = 801, low: float = 0.05, high: float = 20.0) -> np.ndarray:
    return np.geomspace(low, high, points)


def cs_init(family: CSFamily, shape=()) -> dict:
    g = len(family.grid)
    return {
        "log_kp": np.zeros((*shape, g)),
        "log_km": np.zeros((*shape, g)),
        "out": np.zeros((*shape, g), dtype=bool),
        "n": np.zeros(shape),
        "var_sum": np.zeros(shape),  # Σ m_s · Var_s(b) (for the plug-in variance)
        "var_sum_a": np.zeros(shape),  # Σ m_s · Var_s(a)
    }


def cs_update(state: dict, family: CSFamily, n_a, s_a, n_b, s_b, alpha: float, scale=None) -> dict:
    """One window of the hedged-capital confidence sequence over ``family.grid``. ``scale``
    (per stream, inverse-propensity weighting): bets capped at ``scale`` times the usual caps."""
    m, p = pair_probs(n_a, s_a, n_b, s_b)
    zt = family.zt  # (4, G)
    # predictable plug-in variance of Z_θ from earlier windows, with a prior of one pair
    seen = state["var_sum"][..., None] + family.c2 * state["var_sum_a"][..., None]
    var = (family.prior_var + seen) / (1.0 + state["n"][..., None])
    t = state["n"] + (m + 1.0) / 2.0
    lam = np.sqrt(2.0 * math.log(2.0 / alpha) / (var * (t * np.log1p(t))[..., None]))
    cap_p, cap_m = family.caps
    if scale is not None:
        sc = np.asarray(scale, dtype=float)[..., None]
        cap_p, cap_m = cap_p * sc, cap_m * sc
    lam_p = np.minimum(lam, cap_p)[..., None, :]  # (..., 1, G)
    lam_m = np.minimum(lam, cap_m)[..., None, :]
    pz = (p * m[..., None])[..., None]  # (..., 4, 1)
    grow_p = np.sum(pz * np.log1p(lam_p * zt), axis=-2)
    grow_m = np.sum(pz * np.log1p(-lam_m * zt), axis=-2)
    log_kp = state["log_kp"] + grow_p
    log_km = state["log_km"] + grow_m
    log_k = np.logaddexp(log_kp, log_km) - math.log(2.0)
    out = state["out"] | (log_k >= math.log(1.0 / alpha))
    n_a_, s_a_, n_b_, s_b_ = (np.asarray(x, float) for x in (n_a, s_a, n_b, s_b))
    with np.errstate(invalid="ignore", divide="ignore"):
        pa = np.where(n_a_ > 0, s_a_ / np.maximum(n_a_, 1), 0.0)
        pb = np.where(n_b_ > 0, s_b_ / np.maximum(n_b_, 1), 0.0)
    return {
        "log_kp": log_kp,
        "log_km": log_km,
        "out": out,
        "n": state["n"] + m,
        "var_sum": state["var_sum"] + m * pb * (1 - pb),
        "var_sum_a": state["var_sum_a"] + m * pa * (1 - pa),
    }


def cs_bounds(state: dict, family: CSFamily) -> tuple[np.ndarray, np.ndarray]:
    """[low, high] of the grid values never rejected (NaN when every value was rejected).
    Before any pair, the whole grid."""
    keep = ~state["out"]
    grid = family.grid
    any_ = keep.any(axis=-1)
    first = np.argmax(keep, axis=-1)
    last = keep.shape[-1] - 1 - np.argmax(keep[..., ::-1], axis=-1)
    low = np.where(any_, grid[first], np.nan)
    high = np.where(any_, grid[last], np.nan)
    return low, high


def kl_bounds(s, n, delta: float) -> tuple[np.ndarray, np.ndarray]:
    """Chernoff (binomial KL) confidence bounds for a rate from ``s`` successes in ``n`` rows:
    ``P(p < low) ≤ δ`` and ``P(p > high) ≤ δ``. NaN where ``n = 0``."""
    s, n = np.asarray(s, float), np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        phat = np.where(n > 0, s / np.maximum(n, 1), np.nan)
        level = np.log(1.0 / delta) / np.maximum(n, 1)

        def kl(p, q):
            q = np.clip(q, 1e-15, 1 - 1e-15)
            a = np.where(p > 0, p * np.log(np.where(p > 0, p, 1) / q), 0.0)
            b = np.where(p < 1, (1 - p) * np.log(np.where(p < 1, 1 - p, 1) / (1 - q)), 0.0)
            return a + b

        lo_a, lo_b = np.zeros_like(phat), np.nan_to_num(phat)
        hi_a, hi_b = np.nan_to_num(phat), np.ones_like(phat)
        for _ in range(60):
            mid = (lo_a + lo_b) / 2
            far = kl(phat, mid) > level
            lo_a, lo_b = np.where(far, mid, lo_a), np.where(far, lo_b, mid)
            mid = (hi_a + hi_b) / 2
            far = kl(phat, mid) > level
            hi_a, hi_b = np.where(far, hi_a, mid), np.where(far, mid, hi_b)
    ok = n > 0
    return np.where(ok, lo_a, np.nan), np.where(ok, hi_b, np.nan)


def contains(state: dict, index: int) -> np.ndarray:
    """Whether grid point ``index`` was never rejected (time-uniform coverage, pointwise)."""
    return ~state["out"][..., index]
