"""Simulated deployments: many streams of daily windows, for the evidence in docs/monitoring.md.

Each stream has two groups (reference ``a``, compared ``b``) with ``n`` rows per group per day,
a label with base rate ``base`` and predictions with a TPR and an FPR per group (so the selection
rate is ``base·TPR + (1 − base)·FPR``). A scenario may change the compared group's rates from a
given day on. Everything is vectorised over streams.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._evidence import Evidence
from ._sequential import di_nulls, gap_nulls, log_mean_exp, ons_init, ons_update_obs

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Scenario:
    """Rates of the reference group ``a`` and of group ``b`` before and after ``change_day``."""

    tpr_a: float = 0.7
    fpr_a: float = 0.3
    tpr_b: float = 0.6
    fpr_b: float = 0.2
    base: float = 0.5
    tpr_b_after: float | None = None
    fpr_b_after: float | None = None
    change_day: int | None = None

    def rates_b(self, day: int) -> tuple[float, float]:
        if self.change_day is not None and day >= self.change_day:
            return (self.tpr_b_after, self.fpr_b_after)
        return (self.tpr_b, self.fpr_b)

    def selection(self, tpr, fpr) -> float:
        return self.base * tpr + (1 - self.base) * fpr


# the least favourable points of the policy's null: DI exactly 0.80 and both gaps exactly 0.10
BOUNDARY = Scenario()
# a disparity appearing on day 30: DI 1.00 and EO 0 before, DI 0.65 and EO gap 0.20 after
CHANGE = Scenario(tpr_b=0.7, fpr_b=0.3, tpr_b_after=0.5, fpr_b_after=0.15, change_day=30)


def simulate_rows(scenario: Scenario, streams: int, days: int, n: int, seed: int = 0):
    """Row-level data: dict of bool arrays ``(streams, days, n)``: ``ya, pa, yb, pb``."""
    rng = np.random.default_rng(seed)
    shape = (streams, days, n)
    ya = rng.random(shape) < scenario.base
    yb = rng.random(shape) < scenario.base
    u_a, u_b = rng.random(shape), rng.random(shape)
    pa = np.where(ya, u_a < scenario.tpr_a, u_a < scenario.fpr_a)
    tpr_b = np.array([scenario.rates_b(d)[0] for d in range(days)])[None, :, None]
    fpr_b = np.array([scenario.rates_b(d)[1] for d in range(days)])[None, :, None]
    pb = np.where(yb, u_b < tpr_b, u_b < fpr_b)
    return {"ya": ya, "pa": pa, "yb": yb, "pb": pb}


def counts_of_rows(rows: dict) -> tuple[dict, dict]:
    """Per-day counts ``(streams, days)`` of each group from the rows."""

    def one(y, p):
        return {
            "n": np.full(y.shape[:2], y.shape[2], dtype=float),
            "sel": p.sum(-1).astype(float),
            "pos": y.sum(-1).astype(float),
            "tp": (y & p).sum(-1).astype(float),
            "neg": (~y).sum(-1).astype(float),
            "fp": (~y & p).sum(-1).astype(float),
        }

    return one(rows["ya"], rows["pa"]), one(rows["yb"], rows["pb"])


def _day(c: dict, t: int) -> dict:
    return {k: v[:, t] for k, v in c.items()}


def cumulative(c: dict) -> dict:
    return {k: np.cumsum(v, axis=1) for k, v in c.items()}


# -- the fixed-sample audit, re-run each day ----------------------------------------------------


def _jeffreys(s, n):
    return (s + 0.5) / (n + 1.0)


def fixed_sample_flags(ref: dict, grp: dict, di_threshold=0.8, eo_threshold=0.1, z=Z95):
    """The audit's rules on one sample per (stream, day), with normal-approximation 95 %
    intervals (Jeffreys-smoothed rates): DI flagged when its interval lies outside [t, 1/t]
    (two-sided rule), EO when the lower bound of max(|ΔTPR|, |ΔFPR|) exceeds ε. Returns
    ``(di_flag, eo_flag)`` boolean arrays."""
    ra, rb = _jeffreys(ref["sel"], ref["n"]), _jeffreys(grp["sel"], grp["n"])
    log_di = np.log(rb / ra)
    se = np.sqrt((1 - ra) / (ra * (ref["n"] + 1)) + (1 - rb) / (rb * (grp["n"] + 1)))
    lo, hi = log_di - z * se, log_di + z * se
    di_flag = (hi < math.log(di_threshold)) | (lo > -math.log(di_threshold))

    def folded_low(pos_f, x):
        pa_, pb_ = _jeffreys(ref[x], ref[pos_f]), _jeffreys(grp[x], grp[pos_f])
        d = pb_ - pa_
        s = np.sqrt(pa_ * (1 - pa_) / (ref[pos_f] + 1) + pb_ * (1 - pb_) / (grp[pos_f] + 1))
        lo_, hi_ = d - z * s, d + z * s
        return np.where((lo_ <= 0) & (hi_ >= 0), 0.0, np.minimum(abs(lo_), abs(hi_)))

    eo_low = np.maximum(folded_low("pos", "tp"), folded_low("neg", "fp"))
    return di_flag, eo_low > eo_threshold


def first_true(flags: np.ndarray) -> np.ndarray:
    """Index of the first True along the last axis; -1 when never."""
    any_ = flags.any(axis=-1)
    return np.where(any_, np.argmax(flags, axis=-1), -1)


# -- ours, per window ---------------------------------------------------------------------------


def run_windows(ref: dict, grp: dict, alpha=0.05, sequences=False, fams=None, **policy):
    """Our per-window evidence over (streams, days) counts. Returns ``(log_e, ev)``:
    ``log_e[test]`` of shape (streams, days) after each day, and the final Evidence."""
    streams, days = ref["n"].shape
    ev = Evidence(alpha=alpha, shape=(streams,), sequences=sequences, fams=fams, **policy)
    log_e = {t: np.zeros((streams, days)) for t in ev.nulls}
    bounds = {name: np.zeros((2, streams, days)) for name in ev.seqs}
    for t in range(days):
        ev.update(_day(ref, t), _day(grp, t))
        for test in ev.nulls:
            log_e[test][:, t] = ev.log_evalue(test)
        for name in ev.seqs:
            bounds[name][:, :, t] = ev.sequence(name)
    return log_e, ev, bounds


# -- the per-observation reference (Chugg et al.'s loop, vectorised over streams) ---------------


def _compact(mask: np.ndarray, values: np.ndarray):
    """Move the rows where ``mask`` holds to the front (order kept): values and a validity mask."""
    order = np.argsort(~mask, axis=-1, kind="stable")
    return np.take_along_axis(values, order, -1), np.take_along_axis(mask, order, -1)


def run_per_observation(rows: dict, alpha=0.05, di_threshold=0.8, eo_threshold=0.1):
    """The same tests, one pair at a time (the i-th row of ``a`` with the i-th row of ``b`` each
    day; for TPR/FPR the i-th positive/negative rows), an ONS step after every pair. Returns
    ``log_e[test]`` of shape (streams, days), read at the end of each day."""
    streams, days, n = rows["pa"].shape
    tests = {"disparate_impact": di_nulls(di_threshold)}
    tests["equalized_odds"] = gap_nulls(eo_threshold, "tpr") + gap_nulls(eo_threshold, "fpr")
    bets = {null.name: ons_init((streams,)) for ns in tests.values() for null in ns}
    log_e = {t: np.zeros((streams, days)) for t in tests}
    for t in range(days):
        pa, pb = rows["pa"][:, t], rows["pb"][:, t]
        ya, yb = rows["ya"][:, t], rows["yb"][:, t]
        tp_a, ok_pa = _compact(ya, pa)
        tp_b, ok_pb = _compact(yb, pb)
        fp_a, ok_na = _compact(~ya, pa)
        fp_b, ok_nb = _compact(~yb, pb)
        for i in range(n):
            for null in tests["disparate_impact"]:
                bets[null.name] = _obs(bets[null.name], null, pa[:, i], pb[:, i], None)
            act_p = ok_pa[:, i] & ok_pb[:, i]
            act_n = ok_na[:, i] & ok_nb[:, i]
            for null in tests["equalized_odds"]:
                if null.name.startswith("tpr"):
                    bets[null.name] = _obs(bets[null.name], null, tp_a[:, i], tp_b[:, i], act_p)
                else:
                    bets[null.name] = _obs(bets[null.name], null, fp_a[:, i], fp_b[:, i], act_n)
        for test, nulls in tests.items():
            log_e[test][:, t] = log_mean_exp([bets[x.name]["log_wealth"] for x in nulls])
    return log_e


def _obs(state, null, a, b, active):
    return ons_update_obs(state, null, a, b, active)


def alarm_days(log_e: np.ndarray, alpha=0.05) -> np.ndarray:
    """First day (0-based) each stream's e-process reached 1/α; -1 when never."""
    return first_true(log_e >= math.log(1 / alpha))


def delays(first: np.ndarray, change_day: int) -> np.ndarray:
    """Detection delay in days (alarm day − change day + 1: an alarm at the end of the change
    day is a delay of 1 window) for streams that did not alarm before the change; NaN when
    never detected."""
    ok = (first < 0) | (first >= change_day)
    d = np.where(first >= change_day, first - change_day + 1, np.nan)
    return d[ok]
