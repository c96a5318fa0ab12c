"""Simulated deployments: many streams of daily windows, for the evidence in docs/monitoring.md.

Each stream has two groups (reference ``a``, compared ``b``) with ``n`` rows per group per day,
a label with base rate ``base`` and predictions with a TPR and an FPR per group (so the selection
rate is ``base·TPR + (1 − base)·FPR``). A scenario may change the compared group's rates from a
given day on. Everything is vectorised over streams.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import numpy as np

from .._secrets import mask_secrets
from .._text import literal_figure
from ..io import write_atomic
from ._evidence import Evidence
from ._sequential import (
    CSFamily,
    contains,
    di_nulls,
    gap_nulls,
    log_mean_exp,
    ons_init,
    ons_update_obs,
)

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
    tpr_b, fpr_b = np.array([scenario.rates_b(d) for d in range(days)]).T[:, None, :, None]
    pb = np.where(yb, u_b < tpr_b, u_b < fpr_b)
    return {"ya": ya, "pa": pa, "yb": yb, "pb": pb}


def counts_of_rows(rows: dict) -> tuple[dict, dict]:
    """Per-day counts ``(streams, days)`` of each group from the rows."""

    def one(y, p):
        masks = {"sel": p, "pos": y, "tp": y & p, "neg": ~y, "fp": ~y & p}
        sums = {k: mask.sum(-1).astype(float) for k, mask in masks.items()}
        return {"n": np.full(y.shape[:2], y.shape[2], dtype=float), **sums}

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


def fisher_flags(ref: dict, grp: dict, alpha: float = 0.05, x="sel", n="n") -> np.ndarray:
    """A permutation test per window of 'equal rates' of ``x`` among ``n`` (default: selection
    rates among all rows; the exact one: Fisher's, conditional on the window's total of ``x``;
    two-sided, probabilities no larger than the observed one), vectorised over (stream, day).
    True where p ≤ α."""
    from scipy.stats import hypergeom

    n_a, n_b = ref[n].astype(int), grp[n].astype(int)
    k = (ref[x] + grp[x]).astype(int)
    hits = grp[x].astype(int)
    support = np.arange(int(n_b.max()) + 1)
    shape = (*hits.shape, 1)
    pmf = hypergeom.pmf(support, (n_a + n_b).reshape(shape), k.reshape(shape), n_b.reshape(shape))
    obs = np.take_along_axis(pmf, hits.reshape(shape), -1)
    p = np.where(pmf <= obs * (1 + 1e-7), pmf, 0.0).sum(-1)
    return p <= alpha


def fisher_eo_flags(ref: dict, grp: dict, alpha: float = 0.05) -> np.ndarray:
    """The EO counterpart of :func:`fisher_flags`: Fisher's test of equal TPRs (among the
    positives) and of equal FPRs (among the negatives) in the window, each at α/2 (Bonferroni);
    True where either rejects."""
    tpr = fisher_flags(ref, grp, alpha / 2, x="tp", n="pos")
    return tpr | fisher_flags(ref, grp, alpha / 2, x="fp", n="neg")


def first_true(flags: np.ndarray) -> np.ndarray:
    """Index of the first True along the last axis; -1 when never."""
    any_ = flags.any(axis=-1)
    return np.where(any_, np.argmax(flags, axis=-1), -1)


# -- ours, per window ---------------------------------------------------------------------------


def run_windows(ref: dict, grp: dict, alpha=0.05, sequences=False, fams=None, scale=None, **policy):
    """Our per-window evidence over (streams, days) counts. Returns ``(log_e, ev)``:
    ``log_e[test]`` of shape (streams, days) after each day, and the final Evidence. ``scale``
    (streams, days): each window's cap factor of the bets (weighted counts), if any."""
    streams, days = ref["n"].shape
    ev = Evidence(alpha=alpha, shape=(streams,), sequences=sequences, fams=fams, **policy)
    log_e = {t: np.zeros((streams, days)) for t in ev.nulls}
    bounds = {name: np.zeros((2, streams, days)) for name in ev.seqs}
    for t in range(days):
        ev.update(_day(ref, t), _day(grp, t), None if scale is None else scale[:, t])
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
                bets[null.name] = ons_update_obs(bets[null.name], null, pa[:, i], pb[:, i])
            act_p = ok_pa[:, i] & ok_pb[:, i]
            act_n = ok_na[:, i] & ok_nb[:, i]
            for null in tests["equalized_odds"]:
                tpr = null.name.startswith("tpr")
                a, b, act = (tp_a, tp_b, act_p) if tpr else (fp_a, fp_b, act_n)
                bets[null.name] = ons_update_obs(bets[null.name], null, a[:, i], b[:, i], act)
        for test, nulls in tests.items():
            log_e[test][:, t] = log_mean_exp([bets[x.name]["log_wealth"] for x in nulls])
    return log_e


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


def simulate_counts(scenario: Scenario, streams: int, days: int, n: int, seed: int = 0):
    """Per-day counts ``(streams, days)`` of both groups, drawn directly (binomials): the same
    distribution as ``counts_of_rows(simulate_rows(...))`` at a fraction of the cost."""
    rng = np.random.default_rng(seed)
    shape = (streams, days)

    def group(tpr, fpr):
        pos = rng.binomial(n, scenario.base, shape).astype(float)
        neg = n - pos
        tp = rng.binomial(pos.astype(int), tpr).astype(float)
        fp = rng.binomial(neg.astype(int), fpr).astype(float)
        return {"n": np.full(shape, float(n)), "sel": tp + fp, "pos": pos, "tp": tp,
                "neg": neg, "fp": fp}  # fmt: skip

    tpr_b, fpr_b = np.array([scenario.rates_b(d) for d in range(days)]).T[:, None, :]
    return group(scenario.tpr_a, scenario.fpr_a), group(
        np.broadcast_to(tpr_b, shape), np.broadcast_to(fpr_b, shape)
    )


def _q(x, q):
    x = np.asarray(x, float)
    x = x[np.isfinite(x)]
    return float(np.quantile(x, q)) if len(x) else float("nan")


def evidence(streams=1000, days=100, n=200, seed=2026, obs_streams=200, obs_days=60, obs_n=100):
    """Every number of docs/monitoring.md's table: false alarms at the null's boundary, delays
    after a change, coverage of the confidence sequences, ours against the per-observation
    loop. Returns a dict (and the curves the figure draws)."""
    alpha = 0.05
    shape = (streams, days, n)
    return {
        "streams": streams,
        "days": days,
        "n": n,
        "alpha": alpha,
        "false_alarm": _false_alarms(shape, seed, alpha),
        "delay": _delays(shape, seed + 1, alpha),
        "coverage": _coverage(shape, seed + 2, alpha),
        "per_observation": compare_per_observation(obs_streams, obs_days, obs_n, seed + 3),
    }


def _alarm_curve(log_e: np.ndarray, alpha: float) -> list:
    """Share of streams that have alarmed by each day."""
    return (log_e >= math.log(1 / alpha)).cumsum(1).astype(bool).mean(0).tolist()


def _false_alarms(shape, seed, alpha) -> dict:
    """(a) the boundary of the null: DI exactly 0.80, both gaps exactly 0.10."""
    ref, grp = simulate_counts(BOUNDARY, *shape, seed)
    log_e, _, _ = run_windows(ref, grp, alpha)
    di_f, eo_f = fixed_sample_flags(cumulative(ref), cumulative(grp))
    di_1, eo_1 = fixed_sample_flags(ref, grp)
    return {
        "window_di": float(di_1.any(1).mean()),
        "window_eo": float(eo_1.any(1).mean()),
        "ours_di": float((alarm_days(log_e["disparate_impact"]) >= 0).mean()),
        "ours_eo": float((alarm_days(log_e["equalized_odds"]) >= 0).mean()),
        "fixed_di": float(di_f.any(1).mean()),
        "fixed_eo": float(eo_f.any(1).mean()),
        "fixed_di_first_look": float(di_f[:, 0].mean()),
        "fixed_eo_first_look": float(eo_f[:, 0].mean()),
        "fixed_di_curve": di_f.cumsum(1).astype(bool).mean(0).tolist(),
        "fixed_eo_curve": eo_f.cumsum(1).astype(bool).mean(0).tolist(),
        "ours_di_curve": _alarm_curve(log_e["disparate_impact"], alpha),
        "ours_eo_curve": _alarm_curve(log_e["equalized_odds"], alpha),
    }


def _delays(shape, seed, alpha) -> dict:
    """(b) a disparity from day 30 on: each method's detection delay."""
    ref, grp = simulate_counts(CHANGE, *shape, seed)
    log_e, _, _ = run_windows(ref, grp, alpha)
    day = CHANGE.change_day
    di_w, eo_w = fixed_sample_flags(ref, grp)  # today's window alone, every day
    di_c, eo_c = fixed_sample_flags(cumulative(ref), cumulative(grp))
    out = {}
    for name, first in {
        "ours_di": alarm_days(log_e["disparate_impact"]),
        "ours_eo": alarm_days(log_e["equalized_odds"]),
        "window_di": first_true(di_w),
        "window_eo": first_true(eo_w),
        "cumulative_di": first_true(di_c),
        "cumulative_eo": first_true(eo_c),
        "permutation_di": first_true(fisher_flags(ref, grp)),
        "permutation_eo": first_true(fisher_eo_flags(ref, grp)),
    }.items():
        d = delays(first, day)
        out[name] = {
            "median": _q(d, 0.5),
            "p90": _q(d, 0.9),
            "never": float(np.mean(~np.isfinite(d))) if len(d) else float("nan"),
            "before_change": float(np.mean((first >= 0) & (first < day))),
        }
    return out


def _coverage(shape, seed, alpha) -> dict:
    """(c) time-uniform coverage of the confidence sequences at the true values."""
    fams = {kind: CSFamily(kind, np.array([at])) for kind, at in (("gap", -0.1), ("ratio", 0.8))}
    ref, grp = simulate_counts(BOUNDARY, *shape, seed)
    _, ev, _ = run_windows(ref, grp, alpha, sequences=True, fams=fams)
    return {name: float(contains(st, 0).mean()) for name, st in ev.seqs.items()}


def compare_per_observation(streams=200, days=60, n=100, seed=0, change_day=20):
    """Ours (per window, from counts) against the per-observation loop on the same rows: false
    alarms at the boundary, and stopping times after a change on day ``change_day``."""
    out = {"streams": streams, "days": days, "n": n}
    rows = simulate_rows(BOUNDARY, streams, days, n, seed)
    ours, _, _ = run_windows(*counts_of_rows(rows), memory=None, first_mix=False)
    ref = run_per_observation(rows)
    for test in ours:
        out[f"false_alarm_ours_{test}"] = float((alarm_days(ours[test]) >= 0).mean())
        out[f"false_alarm_obs_{test}"] = float((alarm_days(ref[test]) >= 0).mean())
    change = Scenario(**{**CHANGE.__dict__, "change_day": change_day})
    rows = simulate_rows(change, streams, days, n, seed + 1)
    counts = counts_of_rows(rows)
    # the same bet rule, batched per window
    ours, _, _ = run_windows(*counts, memory=None, first_mix=False)
    default, _, _ = run_windows(*counts)  # the monitor's default (A's memory, first-window mixture)
    ref = run_per_observation(rows)
    for test in ours:
        a, b = alarm_days(ours[test]), alarm_days(ref[test])
        both = (a >= change_day) & (b >= change_day)
        diff = (a - b)[both]
        dflt = alarm_days(default[test])
        both_d = (dflt >= change_day) & (b >= change_day)
        diff_d = (dflt - b)[both_d]
        out[test] = {
            "median_delay_ours": _q(delays(a, change_day), 0.5),
            "median_delay_obs": _q(delays(b, change_day), 0.5),
            "p90_delay_ours": _q(delays(a, change_day), 0.9),
            "p90_delay_obs": _q(delays(b, change_day), 0.9),
            "ours_later_by_more_than_one": float(np.mean(diff > 1)) if len(diff) else 0.0,
            "ours_later_max": int(diff.max()) if len(diff) else 0,
            "median_difference": _q(diff, 0.5),
            "median_delay_default": _q(delays(dflt, change_day), 0.5),
            "p90_delay_default": _q(delays(dflt, change_day), 0.9),
            "default_later_by_more_than_one": float(np.mean(diff_d > 1)) if len(diff_d) else 0.0,
            "default_later_max": int(diff_d.max()) if len(diff_d) else 0,
        }
    return out


def figure(result: dict, path) -> None:
    """docs/monitoring-evidence.png: the false-alarm curves of (a). Drawn on a Figure, not
    pyplot: the caller's matplotlib backend and open figures stay as they are."""
    from matplotlib.figure import Figure

    from ._render import _tight_layout

    fa = result["false_alarm"]
    x = np.arange(1, result["days"] + 1)
    fig = Figure(figsize=(7, 3.6), layout="none")  # laid out once: savefig draws it once
    ax = fig.subplots()
    ax.plot(x, fa["fixed_di_curve"], color="tab:red", label="fixed-sample audit, DI (daily)")
    ax.plot(x, fa["fixed_eo_curve"], color="tab:orange", label="fixed-sample audit, EO (daily)")
    ax.plot(x, fa["ours_di_curve"], color="tab:blue", label="monitor, DI (e-value ≥ 1/α)")
    ax.plot(x, fa["ours_eo_curve"], color="tab:cyan", label="monitor, EO (e-value ≥ 1/α)")
    ax.axhline(result["alpha"], color="k", ls=":", lw=1, label="α = 0.05")
    ax.set_xlabel("day (one look per day, cumulative data)")
    ax.set_ylabel("streams with a false alarm so far")
    ax.set_title(
        f"At the null's boundary (DI 0.80, gaps 0.10): {result['streams']} streams, "
        f"{result['n']} rows/group/day",
        fontsize=9,
    )
    # beside the panel: inside, it covered the curves (the monitor's near 0, the audits' rising)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    literal_figure(fig, mask=mask_secrets)
    _tight_layout(fig)
    # drawn whole, then renamed into place: a failure (a full disk) leaves the figure of before
    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=100, format="png")
    write_atomic(path, buffer.getvalue())


if __name__ == "__main__":  # python -m ethiclens.monitor._sim docs/monitoring-evidence.png
    import json
    import sys
    import time

    start = time.perf_counter()
    res = evidence()
    res["seconds"] = time.perf_counter() - start
    if len(sys.argv) > 1:
        figure(res, sys.argv[1])
    slim = {k: v for k, v in res.items() if k != "false_alarm"}
    slim["false_alarm"] = {k: v for k, v in res["false_alarm"].items() if "curve" not in k}
    print(json.dumps(slim, indent=1))


# a steady disparity from day 0 (DI 0.70, TPR gap 0.20, FPR gap 0.10), the same throughout
STEADY = Scenario(tpr_b=0.5, fpr_b=0.2)
# the same, then worse from day 40 (DI 0.45, TPR gap 0.35, FPR gap 0.20)
WORSE = Scenario(tpr_b=0.5, fpr_b=0.2, tpr_b_after=0.35, fpr_b_after=0.1, change_day=40)


def run_baseline(ref: dict, grp: dict, k: int, alpha=0.05):
    """The "no worse than the first k days" tests over (streams, days) counts, as the monitor
    runs them (bands from the pooled baseline at α/2, tests from day k on at α/2). Returns
    ``log_e[test]`` (streams, days), −inf before day k, and the alarm level log(2/α)."""
    from ._evidence import baseline_bounds

    streams, days = ref["n"].shape
    pooled = [{f: v[:, :k].sum(1) for f, v in side.items()} for side in (ref, grp)]
    b = baseline_bounds(*pooled, alpha)
    later = [{f: v[:, k:] for f, v in side.items()} for side in (ref, grp)]
    bands = {"tpr_eps": b["tpr_eps"], "fpr_eps": b["fpr_eps"]}
    tested = run_windows(*later, alpha / 2, di_threshold=b["di_t"], **bands)[0]
    before = np.full((streams, min(k, days)), -np.inf)
    return {t: np.hstack([before, v]) for t, v in tested.items()}, math.log(2 / alpha)


# -- uneven sampling: inverse-propensity weights (--propensity) ------------------------------------


def sampling_policy(day: int) -> tuple[float, float, float]:
    """The simulated labelling policy on ``day``: (π of group a, π of group b's predicted
    positives, π of its predicted negatives). Group b's rows are sampled by their prediction
    and the rates move with the day of the week, so the sampled rows over-represent b's
    positives by a factor that changes over time; the smallest propensity is 0.1."""
    phase = (day % 7) / 6.0
    return 0.5, 0.5 + 0.4 * phase, 0.1 + 0.2 * phase


def simulate_sampled(scenario: Scenario, streams: int, days: int, n: int, seed: int = 0):
    """A population of ``n`` rows per group per day (rates of ``scenario``) of which rows are
    sampled with the known propensities of ``sampling_policy``. Returns ``(plain, weighted,
    scale)``: the sampled rows' plain counts (ref, grp), their inverse-propensity-weighted
    effective counts (ref, grp) (``effective_counts``), and each window's cap factor of the bets
    (``min π · mean(1/π)`` of the group where it is smaller), all of shape (streams, days)."""
    from ._evidence import effective_counts

    rng = np.random.default_rng(seed)
    shape = (streams, days)
    pol = np.array([sampling_policy(d) for d in range(days)])  # (days, 3)

    def group(tpr, fpr, pi_pos_pred, pi_neg_pred):
        pos = rng.binomial(n, scenario.base, shape)
        neg = n - pos
        tp = rng.binomial(pos, tpr)
        fp = rng.binomial(neg, fpr)
        # the four population cells (label, prediction) and their sampled rows
        cells = {(1, 1): tp, (1, 0): pos - tp, (0, 1): fp, (0, 0): neg - fp}
        pis = {key: pi_pos_pred if key[1] else pi_neg_pred for key in cells}
        k = {key: rng.binomial(c, np.broadcast_to(pis[key], shape)) for key, c in cells.items()}
        fields = {
            "n": list(cells),
            "sel": [(1, 1), (0, 1)],
            "pos": [(1, 1), (1, 0)],
            "tp": [(1, 1)],
            "neg": [(0, 1), (0, 0)],
            "fp": [(0, 1)],
        }
        plain = {f: sum(k[c] for c in cs).astype(float) for f, cs in fields.items()}
        sums = {
            f: (sum(k[c] / pis[c] for c in cs), sum(k[c] / pis[c] ** 2 for c in cs))
            for f, cs in fields.items()
        }
        pmin = np.ones(shape)
        for c in cells:
            pmin = np.where(k[c] > 0, np.minimum(pmin, pis[c]), pmin)
        # the cap factor: 1 / the largest normalised weight (1/π) / mean(1/π)
        with np.errstate(invalid="ignore", divide="ignore"):
            cap = np.where(plain["n"] > 0, pmin * sums["n"][0] / plain["n"], 1.0)
        return plain, effective_counts(sums), np.minimum(cap, 1.0)

    tpr_b = np.broadcast_to(np.array([scenario.rates_b(d)[0] for d in range(days)]), shape)
    fpr_b = np.broadcast_to(np.array([scenario.rates_b(d)[1] for d in range(days)]), shape)
    pa, ea, ma = group(scenario.tpr_a, scenario.fpr_a, pol[:, 0], pol[:, 0])
    pb, eb, mb = group(tpr_b, fpr_b, pol[:, 1], pol[:, 2])
    return (pa, pb), (ea, eb), np.minimum(ma, mb)


def weighted_evidence(streams=1000, days=100, n=400, seed=2027) -> dict:
    """docs/monitoring.md's table for ``--propensity``: at the null's boundary (DI 0.80, gaps
    0.10 in the population), sampled by ``sampling_policy``: false alarms of the unweighted
    monitor on the sampled rows against the weighted one, the pooled DI each one estimates;
    after a change (``CHANGE``, day 30) the weighted monitor's delays."""
    alpha = 0.05
    out: dict = {"streams": streams, "days": days, "n": n, "alpha": alpha}
    (pa, pb), (ea, eb), scale = simulate_sampled(BOUNDARY, streams, days, n, seed)
    plain = run_windows(pa, pb, alpha)[0]
    weighted = run_windows(ea, eb, alpha, scale=scale)[0]  # the bets capped by ``scale``
    for name, log_e in (("unweighted", plain), ("weighted", weighted)):
        for test, values in log_e.items():
            out[f"{name}_{test}_false_alarm"] = float((alarm_days(values, alpha) >= 0).mean())
    for name, (a, b) in (("unweighted", (pa, pb)), ("weighted", (ea, eb))):
        di = (b["sel"].sum(1) / b["n"].sum(1)) / (a["sel"].sum(1) / a["n"].sum(1))
        out[f"{name}_pooled_di_mean"] = float(np.mean(di))
    out["true_di"] = BOUNDARY.selection(BOUNDARY.tpr_b, BOUNDARY.fpr_b) / BOUNDARY.selection(
        BOUNDARY.tpr_a, BOUNDARY.fpr_a
    )
    (pa, pb), (ea, eb), scale = simulate_sampled(CHANGE, streams, days, n, seed + 1)
    weighted = run_windows(ea, eb, alpha, scale=scale)[0]  # the bets capped by ``scale``
    for test, values in weighted.items():
        first = alarm_days(values, alpha)
        d = delays(first, CHANGE.change_day)
        out[f"change_{test}_before"] = float(((first >= 0) & (first < CHANGE.change_day)).mean())
        out[f"change_{test}_median_delay"] = _q(d, 0.5)
        out[f"change_{test}_p90_delay"] = _q(d, 0.9)
        out[f"change_{test}_detected"] = float(np.isfinite(d).mean())
    return out


def _sampled_day(rng, n: int, rates: tuple, pis: tuple, streams: int) -> tuple[dict, np.ndarray]:
    """One day of one group: ``n`` population rows (label rate ½, TPR and FPR ``rates``), each
    kept with π ``pis`` = (π if predicted positive, π if predicted negative); its effective
    counts and cap factor (``min π · mean(1/π)``)."""
    from ._evidence import effective_counts

    y = rng.random((streams, n)) < 0.5
    u = rng.random((streams, n))
    p = np.where(y, u < rates[0], u < rates[1])
    pi = np.where(p, pis[0], pis[1])
    keep = rng.random((streams, n)) < pi
    w = np.where(keep, 1 / pi, 0.0)
    w2 = np.where(keep, 1 / pi**2, 0.0)
    masks = {"n": np.ones_like(y), "sel": p, "pos": y, "tp": y & p, "neg": ~y, "fp": ~y & p}
    sums = {f: ((w * m).sum(1), (w2 * m).sum(1)) for f, m in masks.items()}
    k = keep.sum(1)
    pmin = np.where(keep, pi, 1.0).min(1)
    cap = np.where(k > 0, pmin * sums["n"][0] / np.maximum(k, 1), 1.0)
    return effective_counts(sums), np.minimum(cap, 1.0)


def small_cell_alarm_days(n=400, pis=(0.05, 0.9), alpha=0.05, streams=1000, days=100, **how):
    """The first alarm day (0-based, -1: none) of each stream and test of
    ``small_cell_false_alarms``'s sampled deployment; ``how``: ``seed`` (0), ``ref_pi`` (π of
    the reference's rows, 0.5) and ``scenario`` (the population's rates, ``BOUNDARY``)."""
    import warnings

    rng = np.random.default_rng(how.get("seed", 0))
    ref_pi, scenario = how.get("ref_pi", 0.5), how.get("scenario", BOUNDARY)
    ev = Evidence(alpha=alpha, shape=(streams,), sequences=False)
    first = {t: np.full(streams, -1) for t in ev.nulls}
    a_rates = (scenario.tpr_a, scenario.fpr_a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # the thin cells' warning, every day
        for day in range(days):
            ref, cap_a = _sampled_day(rng, n, a_rates, (ref_pi, ref_pi), streams)
            grp, cap_b = _sampled_day(rng, n, scenario.rates_b(day), pis, streams)
            ev.update(ref, grp, np.minimum(cap_a, cap_b))
            for t in ev.nulls:
                first[t] = np.where((first[t] < 0) & ev.alarm(t), day, first[t])
    return first


def small_cell_false_alarms(n=400, pis=(0.05, 0.9), alpha=0.05, streams=1000, days=100, **how):
    """docs/monitoring.md's small-cell table for ``--propensity``: the population at the null's
    boundary (``BOUNDARY``), ``n`` rows per group per day, the reference's rows kept with
    π = ``ref_pi`` (0.5) and the compared group's with π = ``pis`` (predicted positive,
    predicted negative); ``how``: ``seed``, ``ref_pi``. Returns the share of streams with a
    false alarm within ``days`` windows, per test."""
    first = small_cell_alarm_days(n, pis, alpha, streams, days, **how)
    return {t: float((v >= 0).mean()) for t, v in first.items()}
