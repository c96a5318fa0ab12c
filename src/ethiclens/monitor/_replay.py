"""Chugg et al.'s real-data experiment, replayed on any labelled predictions: random-order streams.

The paper's census experiment (``census_experiments.ipynb`` of their public code) trains a
random forest on 2,000 rows, then streams the two groups' predictions in random order, one
observation of each group per step, and records when a test of "equal rates" first rejects: its
betting test (online Newton step, one bet per pair) against permutation tests run on successive
fixed windows of k pairs (k = 50, 100, 200; with and without a Bonferroni-like α/2^(i+1)). It
builds a fair counterpart of the data (the null) and a stream that is fair for 400 steps, then
not (distribution shift).

Here the same design runs on counts: ``replay`` takes each group's 0/1 outcomes (predictions of
its positives for equal opportunity, of all its rows for demographic parity) and compares, on
the very same streams, the monitor's per-window test (point null ε = 0 as in the paper, and the
policy's band), the paper's per-observation test, and the per-window permutation tests (Fisher's
exact test, the exact permutation test for 0/1 data). The null streams draw both groups from the
pooled outcomes (equal rates); the paper shifted one group's outcomes by the mean gap instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._evidence import MEMORY
from ._sequential import (
    ONS_STEP,
    di_nulls,
    gap_nulls,
    log_mean_exp,
    ons_init,
    ons_update,
    pair_probs,
)
from ._sim import first_true, fisher_flags


@dataclass(frozen=True)
class ReplaySettings:
    """How many streams, how long (pairs per stream), the monitor's windows (pairs per look; one
    run per size), α, the permutation tests' windows, the shift's step and the seed."""

    streams: int = 100
    horizon: int = 4000
    windows: tuple = (10, 50)
    alpha: float = 0.05
    perm_windows: tuple = (50, 100, 200)
    shift: int = 400
    seed: int = 0


def streams_of(a: np.ndarray, b: np.ndarray, scenario: str, s: ReplaySettings):
    """(streams, horizon) 0/1 arrays of groups a and b in random order: ``real`` (each group
    its own outcomes), ``null`` (both drawn from the pooled outcomes: equal rates), ``shift``
    (null for ``s.shift`` steps, then real)."""
    rng = np.random.default_rng([s.seed, ["real", "null", "shift"].index(scenario)])

    def permuted(x):
        return rng.permuted(np.broadcast_to(x, (s.streams, len(x))), axis=1)

    real = permuted(a)[:, : s.horizon], permuted(b)[:, : s.horizon]
    if scenario == "real":
        return real
    pooled = permuted(np.concatenate([a, b]))  # equal rates: both drawn from the pooled outcomes
    fair = pooled[:, : s.horizon], pooled[:, s.horizon : 2 * s.horizon]
    if scenario == "null":
        return fair
    k = s.shift
    return tuple(
        np.concatenate([f[:, :k], r[:, k:]], axis=1) for f, r in zip(fair, real, strict=True)
    )


def window_counts(x: np.ndarray, k: int) -> dict:
    """Per-window counts ``{n, sel}`` (streams, windows) of a (streams, horizon) 0/1 array."""
    w = x.shape[1] // k
    hits = x[:, : w * k].reshape(x.shape[0], w, k).sum(-1).astype(float)
    return {"n": np.full(hits.shape, float(k)), "sel": hits}


def per_window_times(a, b, nulls, s: ReplaySettings, window: int) -> np.ndarray:
    """Stopping time (pairs) of the monitor's per-window test of ``nulls`` (the average of the
    one-sided wealths, the monitor's ONS bets from counts) on windows of ``window`` pairs; -1
    when it never rejects."""
    ref, grp = window_counts(a, window), window_counts(b, window)
    bets = {n.name: ons_init((a.shape[0],)) for n in nulls}
    log_e = np.zeros(ref["n"].shape)
    for t in range(ref["n"].shape[1]):
        m, p = pair_probs(ref["n"][:, t], ref["sel"][:, t], grp["n"][:, t], grp["sel"][:, t])
        for n in nulls:
            bets[n.name] = ons_update(bets[n.name], n, m, p, MEMORY)
        log_e[:, t] = log_mean_exp([bets[n.name]["log_wealth"] for n in nulls])
    first = first_true(log_e >= math.log(1 / s.alpha))
    return np.where(first >= 0, (first + 1) * window, -1)


def paper_times(a, b, alpha: float) -> np.ndarray:
    """The paper's per-observation test (``test_by_betting``): wealth × (1 − λ(a − b)) each
    step, λ by ONS clipped to [−½, ½]; reject when the wealth exceeds 1/α (the paper's last-step
    randomisation left out). Vectorised over streams; -1 when it never rejects."""
    streams, horizon = a.shape
    log_w, lam, z2 = np.zeros(streams), np.zeros(streams), np.zeros(streams)
    first = np.full(streams, -1)
    g_all = a.astype(float) - b.astype(float)
    for t in range(1, horizon):  # the paper's loop starts at its second pair
        g = g_all[:, t]
        log_w += np.log(1 - lam * g)
        hit = (first < 0) & (log_w > math.log(1 / alpha))
        first = np.where(hit, t + 1, first)
        z = g / (1 - lam * g)
        z2 += z * z
        lam = np.clip(lam - ONS_STEP * z / (1 + z2), -0.5, 0.5)
    return first


def permutation_times(a, b, k: int, s: ReplaySettings, bonferroni: bool) -> np.ndarray:
    """Stopping time of Fisher's exact test on successive windows of ``k`` pairs (the paper's
    sequential permutation test), at α each or at α/2^(i+1) in window i (``bonferroni``)."""
    ref, grp = window_counts(a, k), window_counts(b, k)
    windows = ref["n"].shape[1]
    levels = s.alpha / 2.0 ** np.arange(1, windows + 1) if bonferroni else np.full(windows, s.alpha)
    first = first_true(fisher_flags(ref, grp, levels))  # the levels broadcast over windows
    return np.where(first >= 0, (first + 1) * k, -1)


def stopping_times(a, b, scenario: str, s: ReplaySettings, di_threshold=None) -> dict:
    """Every method's stopping times on the same streams of one scenario."""
    xa, xb = streams_of(a, b, scenario, s)
    out = {"paper_per_observation": paper_times(xa, xb, s.alpha)}
    for w in s.windows:
        out[f"ours_point_null_w{w}"] = per_window_times(xa, xb, gap_nulls(0.0, "gap"), s, w)
    for w in s.windows if di_threshold is not None else ():
        out[f"ours_policy_band_di_w{w}"] = per_window_times(xa, xb, di_nulls(di_threshold), s, w)
    for k in s.perm_windows:
        out[f"permutation_{k}"] = permutation_times(xa, xb, k, s, bonferroni=False)
        out[f"permutation_{k}_bonferroni"] = permutation_times(xa, xb, k, s, bonferroni=True)
    return out


def summarise(times: np.ndarray, horizon: int, shift: int | None = None) -> dict:
    """Share of streams that rejected, median and mean stopping time (never = the horizon, as
    the paper counts it); with ``shift``: rejections before it and the delay after it."""
    hit = times >= 0
    tau = np.where(hit, times, horizon)
    out = {"rejected": float(hit.mean()), "median_tau": float(np.median(tau)),
           "mean_tau": float(tau.mean())}  # fmt: skip
    if shift is not None:
        early = hit & (times <= shift)
        late = tau[~early] - shift
        out["rejected_before_shift"] = float(early.mean())
        out["median_delay_after_shift"] = float(np.median(late)) if len(late) else float("nan")
    return out


def later_than_loop(ours: np.ndarray, loop: np.ndarray, window: int) -> dict:
    """Per stream, ours against the per-observation loop on the same pairs: the share of the
    streams the loop rejected in which ours had not rejected within one window after it (never
    included), and the median of (ours − loop) in pairs where both rejected. Each is NaN
    (undefined) when no stream gives it one: a share of no streams is not 0."""
    hit = loop >= 0
    late = hit & ((ours < 0) | (ours - loop > window))
    both = hit & (ours >= 0)
    diff = (ours - loop)[both]
    return {
        "later_by_more_than_one_window": float(late.sum() / hit.sum()) if hit.any() else math.nan,
        "median_difference": float(np.median(diff)) if len(diff) else math.nan,
    }


def replay(a: np.ndarray, b: np.ndarray, s: ReplaySettings, di_threshold=None) -> dict:
    """The three scenarios' summaries for groups ``a`` (reference) and ``b``; the point-null
    runs also carry :func:`later_than_loop` against the paper's loop on the same streams."""
    out = {"rate_a": float(np.mean(a)), "rate_b": float(np.mean(b)), "n_a": len(a), "n_b": len(b)}
    for scenario in ("real", "null", "shift"):
        times = stopping_times(a, b, scenario, s, di_threshold)
        shift = s.shift if scenario == "shift" else None
        out[scenario] = {m: summarise(t, s.horizon, shift) for m, t in times.items()}
        for w in s.windows:
            ours, loop = times[f"ours_point_null_w{w}"], times["paper_per_observation"]
            out[scenario][f"ours_point_null_w{w}"].update(later_than_loop(ours, loop, w))
    return out
