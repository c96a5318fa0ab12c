"""The evidence about one comparison (a group against its reference), window by window.

Counts per group and window: ``n`` rows, ``sel`` predicted positive; with labels ``pos`` rows
with a positive label of which ``tp`` predicted positive, ``neg`` with a negative label of which
``fp`` predicted positive. Everything is vectorised over a leading axis of streams.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

from .._checks import (
    MAX_DRAWS,
    argument_kinds,
    check_count,
    check_level,
    check_seed,
    instance_kind,
    is_number,
)
from .._keywords import refusing_unknown_keywords
from ..errors import EthicLensInputError
from ._sequential import (
    CSFamily,
    cs_bounds,
    cs_init,
    cs_update,
    di_nulls,
    gap_grid,
    gap_nulls,
    kl_bounds,
    log_mean_exp,
    ons_init,
    ons_update,
    pair_probs,
    ratio_grid,
)

COUNT_FIELDS = ("n", "sel", "pos", "tp", "neg", "fp")
# (name, rows field, positives field, family kind)
SEQUENCES = (
    ("selection_rate_gap", "n", "sel", "gap"),
    ("disparate_impact", "n", "sel", "ratio"),
    ("tpr_gap", "pos", "tp", "gap"),
    ("fpr_gap", "neg", "fp", "gap"),
)
# ONS's curvature sum A forgets with a memory of this many pairs (a factor exp(-m/MEMORY) per
# window of m pairs), so a bet can grow again after a long stretch well inside the null; any
# predictable bet keeps the test valid (docs/monitoring.md measures the choice)
MEMORY = 2000.0
# the smallest --alpha: below it 1/alpha (the alarm level) is no longer a usable number
MIN_ALPHA = 1e-12


def families(grid_points: int = 1001, ratio_points: int = 601) -> dict:
    return {
        "gap": CSFamily("gap", gap_grid(grid_points)),
        "ratio": CSFamily("ratio", ratio_grid(ratio_points)),
    }


@refusing_unknown_keywords(init=True)  # BetPolicy(typo=...): audit()'s refusal
@dataclass(frozen=True)
class BetPolicy:
    """The nulls and the bets of an :class:`Evidence`: the DI band [t, 1/t] and the EO gap ε
    (or separate TPR/FPR bounds, the baseline test's), α of the confidence sequences, how many
    pairs ONS's curvature sum remembers (None: all), and whether a bet's first window stakes
    half the wealth on a mixture (``ons_update``)."""

    di_threshold: float | np.ndarray = 0.8
    eo_threshold: float = 0.1
    alpha: float = 0.05
    memory: float | None = MEMORY
    first_mix: bool = True
    tpr_eps: float | np.ndarray | None = None
    fpr_eps: float | np.ndarray | None = None

    def __post_init__(self):
        """Each setting in its range (an array, each of its values), else one refusal naming
        it: a band t of 0 or 1.5, a NaN or negative gap or an α of 0 were taken without a word
        (NaN bets, or a null band turned inside out)."""
        ranges = {
            "di_threshold": ("in (0, 1] (the band [t, 1/t])", "e.g. 0.8"),
            "eo_threshold": ("in [0, 1] (the largest TPR/FPR gap)", "e.g. 0.1"),
            "tpr_eps": ("in [0, 1]", "e.g. 0.1, or None for eo_threshold"),
            "fpr_eps": ("in [0, 1]", "e.g. 0.1, or None for eo_threshold"),
            "alpha": ("in (0, 1)", "e.g. 0.05"),
            "memory": ("above 0 (pairs)", "e.g. 2000, or None for all"),
        }
        for name, (where, fix) in ranges.items():
            value = getattr(self, name)
            if value is None and name in ("tpr_eps", "fpr_eps", "memory"):
                continue
            values = np.asarray(value, dtype=object).ravel()
            numbers = values.size > 0 and all(is_number(v) for v in values)
            if not (numbers and all(_inside(float(v), name) for v in values)):
                raise EthicLensInputError(f"must be a number {where}", column=name,
                                          value=value, fix=fix, kind="argument")  # fmt: skip
        if not isinstance(self.first_mix, bool | np.bool_):
            raise EthicLensInputError("must be True or False", column="first_mix",
                                      value=self.first_mix, kind="argument")  # fmt: skip


def _inside(v: float, name: str) -> bool:
    """``v`` in ``BetPolicy``'s range of ``name`` (NaN never is)."""
    if name == "di_threshold":
        return 0.0 < v <= 1.0
    if name == "memory":
        return 0.0 < v <= math.inf
    return 0.0 < v < 1.0 if name == "alpha" else 0.0 <= v <= 1.0  # a gap: 1 is the whole range


class Evidence:
    """Sequential state of one comparison (or of many streams at once). ``policy``: the
    fields of :class:`BetPolicy` (defaults: the policy's band, α = 0.05)."""

    @argument_kinds(
        labels=instance_kind(bool | np.bool_, "True or False", "labels=True: the rows hold labels"),
        sequences=instance_kind(bool | np.bool_, "True or False", "e.g. sequences=True"),
    )
    def __init__(self, *, labels: bool = True, shape=(), fams=None, sequences=True, **policy):
        bet = BetPolicy(**policy)
        self.memory = bet.memory
        self.first_mix = bet.first_mix
        self.alpha = bet.alpha
        self.labels = labels
        self.fams = fams or families()
        self.nulls = {"disparate_impact": di_nulls(bet.di_threshold)}
        if labels:
            tpr = bet.eo_threshold if bet.tpr_eps is None else bet.tpr_eps
            fpr = bet.eo_threshold if bet.fpr_eps is None else bet.fpr_eps
            self.nulls["equalized_odds"] = gap_nulls(tpr, "tpr") + gap_nulls(fpr, "fpr")
        self.bets = {null.name: ons_init(shape) for ns in self.nulls.values() for null in ns}
        self.seqs = {}
        if sequences:
            for name, rows, _, kind in SEQUENCES:
                if rows == "n" or labels:
                    self.seqs[name] = cs_init(self.fams[kind], shape)

    # -- one window ------------------------------------------------------------------------
    def update(self, ref: dict, grp: dict, scale=None) -> None:
        """Add one window's counts (``ref``/``grp``: dicts of COUNT_FIELDS arrays).

        With inverse-propensity weights the counts are the effective ones
        (``effective_counts``) and ``scale`` the window's smallest propensity per stream: every
        bet is capped at ``scale`` times its usual cap."""
        # each null's pairs, by its name's first part (di_low, tpr_up, fpr_down, ...)
        probs = {"di": pair_probs(ref["n"], ref["sel"], grp["n"], grp["sel"])}
        if self.labels:
            probs["tpr"] = pair_probs(ref["pos"], ref["tp"], grp["pos"], grp["tp"])
            probs["fpr"] = pair_probs(ref["neg"], ref["fp"], grp["neg"], grp["fp"])
        for null in (null for nulls in self.nulls.values() for null in nulls):
            data = probs[null.name.split("_")[0]]
            self.bets[null.name] = ons_update(
                self.bets[null.name], null, *data, self.memory, self.first_mix, scale
            )
        for name, rows, pos, kind in SEQUENCES:
            if name in self.seqs:
                counts = (ref[rows], ref[pos], grp[rows], grp[pos])
                fam = self.fams[kind]
                self.seqs[name] = cs_update(self.seqs[name], fam, *counts, self.alpha, scale)

    # -- reading -----------------------------------------------------------------------------
    def log_evalue(self, test: str) -> np.ndarray:
        """log of the test's e-process (average of its one-sided wealths)."""
        return log_mean_exp([self.bets[n.name]["log_wealth"] for n in self.nulls[test]])

    def alarm(self, test: str) -> np.ndarray:
        return self.log_evalue(test) >= math.log(1.0 / self.alpha)

    def sequence(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        kind = dict((n, k) for n, _, _, k in SEQUENCES)[name]
        return cs_bounds(self.seqs[name], self.fams[kind])

    # -- persistence (plain arrays: nothing is pickled) --------------------------------------
    def arrays(self) -> dict[str, np.ndarray]:
        out = {}
        for part, states in (("bet", self.bets), ("seq", self.seqs)):
            for name, st in states.items():
                for k, v in st.items():
                    out[f"{part}.{name}.{k}"] = np.asarray(v)
        return out

    def load_arrays(self, arrays: dict[str, np.ndarray]) -> None:
        for key, value in arrays.items():
            part, name, field = key.split(".", 2)
            target = self.bets if part == "bet" else self.seqs
            if name in target:
                target[name][field] = value


# the ratio sequences' grid edges: a bound there is no bound (the ratio was not tested beyond)
_RATIO_EDGES = {
    name: (float(families()[kind].grid[0]), float(families()[kind].grid[-1]))
    for name, _, _, kind in SEQUENCES
    if kind == "ratio"
}


def stored_bounds(name: str, lo: float, hi: float) -> dict:
    """A sequence's stored bounds: both None when empty. A ratio's bound on its grid's edge is
    not a bound: the lower one is 0 (values below the grid were never tested, so never
    excluded), the upper one None (unbounded: e.g. a reference group almost never selected)."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return {"low": None, "high": None}
    if name in _RATIO_EDGES:
        bottom, top = _RATIO_EDGES[name]
        return {
            "low": 0.0 if lo <= bottom * (1 + 1e-9) else lo,
            "high": None if hi >= top * (1 - 1e-9) else hi,
        }
    return {"low": lo, "high": hi}


# the numbers a baseline keeps per comparison besides its pooled counts (``base.<name>``)
BASELINE_INFO = ("di_t", "tpr_eps", "fpr_eps")


def state_keys(labels: bool) -> tuple[frozenset, frozenset, frozenset]:
    """The keys of one comparison's stored evidence state, by what a run adds: the evidence's
    (always); a baseline's pooled counts and bands (with a baseline); its bets (once the
    baseline is complete)."""
    evidence = frozenset(Evidence(labels=labels).arrays())
    pooled = frozenset({"base.ref", "base.grp", *(f"base.{k}" for k in BASELINE_INFO)})
    bets = Evidence(labels=labels, sequences=False).arrays()
    return evidence, pooled, frozenset(f"base.{k}" for k in bets)


def effective_counts(sums: dict, bet: bool = True) -> dict:
    """Inverse-propensity-weighted counts of one group from its weighted sums.

    ``sums`` maps each COUNT_FIELDS name to (Σ 1/π, Σ 1/π²) over its rows. Each rows field
    (``n``, ``pos``, ``neg``) with its positives field (``sel``, ``tp``, ``fp``) gives the
    weighted (Hajek) rate ``p = Σ_pos w / Σ w`` and as rows the smaller of Kish's size
    ``(Σ w)² / Σ w²`` and the size of a plain sample whose rate would vary as much as the
    weighted one (its linearised variance): ``p(1 − p)(Σ w)² / ((1 − p)² Σ_pos w² +
    p² Σ_neg w²)`` — far fewer than Kish's when a few heavy rows make up one of the two cells;
    the positives field is those rows times ``p``. With every π = 1 these are the plain counts
    exactly, but for the rule below.

    A field one of whose two cells drew no row has no effective rows: its window is not bet on
    (multiplier 1) and a warning says so — whatever π the drawn rows have, π = 1 included:
    the empty cell may hold rows that were unlikely to be sampled (π = 0.02 beside π = 1), and
    a weighted rate of 0 or 1 from the others is the most biased one; which π the undrawn rows
    had no window can tell (docs/monitoring.md, "Uneven sampling").

    ``bet=False``: the window's own estimates' counts, as the audit weighs the same rows: such
    a field keeps its (Kish) effective rows, its positives 0 or all of them (a weighted rate of
    0 or 1, gap 0 where both groups have it), and nothing is warned of."""
    out = {}
    thin_any = False
    for rows, pos in (("n", "sel"), ("pos", "tp"), ("neg", "fp")):
        if rows not in sums:
            continue
        w, w2 = (np.asarray(x, dtype=float) for x in sums[rows])
        wp, wp2 = (np.asarray(x, dtype=float) for x in sums[pos])
        n_eff, rate, thin = _linearised(w, w2, wp, wp2)
        plain = w == w2  # every π = 1 (Σ w² = Σ w only then): the counts, exactly
        thin = thin & bet
        thin_any = thin_any or bool(np.any(thin))
        out[rows] = np.where(thin, 0.0, np.where(plain, w, n_eff))
        out[pos] = np.where(thin, 0.0, np.where(plain, wp, np.minimum(n_eff * rate, n_eff)))
    if thin_any:
        warnings.warn(THIN_WARNING, RuntimeWarning, 2)
    return out


THIN_WARNING = (
    "weighted rows: some windows' rates were not bet on (their evidence multiplier is 1): a "
    "(label, prediction) cell of a group drew no row, and with weighted rows the rate of the "
    "other cell alone may be biased (docs/monitoring.md, Uneven sampling)"
)


def _linearised(w, w2, wp, wp2):
    """(rows, rate, one cell) of one field of ``effective_counts``: the smaller of Kish's and
    the linearised size where both cells drew rows, else Kish's; ``one cell``: rows were drawn
    and all fall in one of the two cells."""
    wq, wq2 = w - wp, np.maximum(w2 - wp2, 0.0)
    tiny = 1e-12 * w
    one_cell = (w > 0) & ((wp <= tiny) | (wq <= tiny))
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(w > 0, wp / np.where(w > 0, w, 1), 0.0)
        kish = np.where(w2 > 0, w * w / np.where(w2 > 0, w2, 1), 0.0)
        den = (1 - rate) ** 2 * wp2 + rate**2 * wq2
        lin = np.where(den > 0, rate * (1 - rate) * w * w / np.where(den > 0, den, 1), 0.0)
    return np.where(one_cell | (w <= 0), kish, np.minimum(lin, kish)), rate, one_cell


# -- a baseline period ---------------------------------------------------------------------------


def _rate_bounds(s, n, delta: float) -> tuple[np.ndarray, np.ndarray]:
    """``kl_bounds``, with [0, 1] where there are no rows (nothing bounds the rate)."""
    low, high = kl_bounds(s, n, delta)
    return np.nan_to_num(low, nan=0.0), np.nan_to_num(high, nan=1.0)


def baseline_bounds(ref: dict, grp: dict, alpha: float) -> dict:
    """The null of "no worse than the baseline" from the baseline period's pooled counts, as
    bands that contain the baseline's own values with probability ≥ 1 − α/2 per test:

    - ``di_t``: a lower confidence bound of min(DI, 1/DI) (Chernoff bounds on both selection
      rates, each side at α/8), so the band [di_t, 1/di_t] holds the baseline's DI;
    - ``tpr_eps``/``fpr_eps``: upper bounds of |TPR gap| and |FPR gap| (each rate at α/16);
      a rate the baseline holds no rows of (no positive label of a group, say) is bounded by
      [0, 1] only, so its gap's band is 1, the whole range (it was NaN, then a made-up 0.5).

    Testing the band at α/2 then bounds a false alarm by α/2 + α/2 = α (a union bound).
    ``di_t`` is NaN where the baseline had no rows of a group, and 0 where it selected no one
    in a group (its DI 0, unbounded or 0/0): no band, never one clamped to [1e-9, 1e9]."""
    lo_a, hi_a = kl_bounds(ref["sel"], ref["n"], alpha / 8)
    lo_b, hi_b = kl_bounds(grp["sel"], grp["n"], alpha / 8)
    with np.errstate(divide="ignore", invalid="ignore"):
        r_lo = lo_b / hi_a
        r_hi = np.where(lo_a > 0, hi_b / np.where(lo_a > 0, lo_a, 1), np.inf)
        di_t = np.minimum(r_lo, 1.0 / r_hi)
    out = {"di_t": np.clip(di_t, 0.0, 1.0)}
    for name, rows, pos in (("tpr_eps", "pos", "tp"), ("fpr_eps", "neg", "fp")):
        if rows in ref:
            (la, ha), (lb, hb) = (
                _rate_bounds(side[pos], side[rows], alpha / 16) for side in (ref, grp)
            )
            out[name] = np.maximum(np.abs(lb - ha), np.abs(hb - la))
    return out


# -- per-window estimates with fixed-sample intervals ------------------------------------------


def _rate(s, n):
    s, n = np.asarray(s, float), np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, s / np.where(n > 0, n, 1), np.nan)


def _no_value(value: float, low: float | None) -> dict:
    """A window estimate without a value. A DI whose reference was never selected (``value``
    +inf) is unbounded, with the one-sided bound the audit gives (``low``: the lower quantile of
    the Jeffreys ratio's draws; no upper end); one of two groups with rows, neither selected
    (``low`` given, ``value`` NaN), is undefined; otherwise a group had no rows (no reason: the
    window's status says it)."""
    if value == np.inf:
        return {"value": None, "ci_low": low, "ci_high": None, "reason": UNBOUNDED_DI}
    out = {"value": None, "ci_low": None, "ci_high": None}
    if low is not None:
        out["reason"] = UNDEFINED_DI
    return out


UNBOUNDED_DI = "unbounded: the reference group was never selected in this window"
UNDEFINED_DI = "undefined: neither group was selected in this window"
# the rows each window estimate rates (its SEQUENCES rows), as a reason names them
_RATED = {"n": "rows", "pos": "rows with a positive label", "neg": "rows with a negative label"}


def undefined_reason(name: str, ref: dict, grp: dict, effective: bool = False) -> str | None:
    """Why the window estimate ``name`` of these counts (``ref``, ``grp``: a window's, as
    ``window_estimates`` takes them; ``effective``: a weighted window's effective counts) is
    undefined: a side without the rows it rates (no rows, no positive or no negative label), or
    a DI whose groups were neither selected; None where it has a value or is unbounded."""
    _, rows, hits, kind = next(s for s in SEQUENCES if s[0] == name)
    if rows not in ref or rows not in grp:
        return None
    words = "effective " * effective + _RATED[rows]
    has_ref, has_grp = ref[rows] > 0, grp[rows] > 0
    if not (has_ref or has_grp):
        return f"undefined: neither group has {words} in this window"
    if not (has_ref and has_grp):
        side = "compared" if has_ref else "reference"
        return f"undefined: the {side} group has no {words} in this window"
    return UNDEFINED_DI if kind == "ratio" and ref[hits] == 0 and grp[hits] == 0 else None


def window_estimates(ref: dict, grp: dict, *, n_draws: int = 1000, rng=None, level=0.95) -> dict:
    """This window alone: selection-rate gap, DI, TPR and FPR gaps with equal-tailed Jeffreys
    intervals (each rate drawn from Beta(x + ½, n − x + ½), groups independently). Values are
    NaN where a rate is undefined. Inputs are scalars (one window): ``ref`` and ``grp`` each
    ``{"sel": selected, "n": rows}``, with ``"pos"``/``"tp"`` and ``"neg"``/``"fp"`` for the
    TPR and FPR gaps (weighted counts may be fractions); a count that is no count (negative,
    NaN, more selected than rows), ``n_draws``, ``level`` or ``rng`` out of range is refused
    naming it."""
    _check_window_counts(ref, grp)
    n_draws = check_count(n_draws, "n_draws", maximum=MAX_DRAWS, fix="e.g. 1000 (the monitor's)")
    level = check_level(level, "level")
    if not isinstance(rng, np.random.Generator):
        rng = check_seed(rng, "rng", allow_none=True, fix="use a seed such as 0, or a Generator")
    rng = np.random.default_rng(rng)
    q = [(1 - level) / 2, 1 - (1 - level) / 2]
    out = {}

    def draws(s, n):
        return rng.beta(s + 0.5, n - s + 0.5, size=n_draws)

    def put(name, value, d):
        if not np.isfinite(value):
            out[name] = _no_value(value, None if d is None else float(np.quantile(d, q[0])))
            return
        out[name] = _estimate(float(value), *np.quantile(d, q))

    ra, rb = _rate(ref["sel"], ref["n"]), _rate(grp["sel"], grp["n"])
    if ref["n"] > 0 and grp["n"] > 0:
        da, db = draws(ref["sel"], ref["n"]), draws(grp["sel"], grp["n"])
        put("selection_rate_gap", rb - ra, db - da)
        di = rb / ra if ra > 0 else (np.inf if rb > 0 else np.nan)
        put("disparate_impact", di, db / da)
    else:
        put("selection_rate_gap", np.nan, None)
        put("disparate_impact", np.nan, None)
    for name, rows, pos in (("tpr_gap", "pos", "tp"), ("fpr_gap", "neg", "fp")):
        if rows in ref and ref[rows] > 0 and grp[rows] > 0:
            value = _rate(grp[pos], grp[rows]) - _rate(ref[pos], ref[rows])
            put(name, value, draws(grp[pos], grp[rows]) - draws(ref[pos], ref[rows]))
        else:
            put(name, np.nan, None)
            # the side without the labels it rates, named; no labels given at all, said
            given = rows in ref or f"undefined: no label counts given ('{rows}', '{pos}')"
            out[name]["reason"] = undefined_reason(name, ref, grp) if given is True else given
    return out


def _check_window_counts(ref, grp) -> None:
    """``window_estimates``' counts: mappings of finite non-negative numbers, ``sel`` of ``n``
    (``tp`` of ``pos``, ``fp`` of ``neg``) at most all of them, the same keys in both."""
    fix = "give each group's counts, e.g. ref={'sel': 40, 'n': 100}, grp={'sel': 25, 'n': 90}"
    for side, counts in (("ref", ref), ("grp", grp)):
        if not isinstance(counts, dict):
            raise EthicLensInputError(
                "must be a dict of counts", column=side, fix=fix, kind="argument"
            )
        for part, whole in (("sel", "n"), ("tp", "pos"), ("fp", "neg")):
            if part not in counts and whole not in counts and part != "sel":
                continue
            for key in (part, whole):
                value = counts.get(key)
                if not is_number(value) or not 0 <= value < math.inf:
                    problem = f"{key} must be a finite non-negative count"
                    raise EthicLensInputError(
                        problem, column=side, value=value, fix=fix, kind="argument"
                    )
            if counts[part] > counts[whole]:
                problem = f"holds {part} {counts[part]!r} of only {whole} {counts[whole]!r}"
                raise EthicLensInputError(problem, column=side, fix=fix, kind="argument")
    if {"pos", "neg"} & set(ref) != {"pos", "neg"} & set(grp):
        problem = "ref and grp give different counts (pos/tp, neg/fp in one only)"
        raise EthicLensInputError(problem, column="grp", fix=fix, kind="argument")


# the windows whose draws are held at once (``n_draws`` floats each): a run's memory does not
# grow with its comparisons × windows (10,000 of them held 80 MB of draws per estimate)
_CHUNK = 256


def window_estimates_batch(refs: list, grps: list, seeds: list, *, n_draws=1000, level=0.95):
    """``window_estimates`` for many windows at once (each with its own seed, so a window's
    interval does not depend on which other windows share the batch); quantiles vectorised
    over ``_CHUNK`` windows at a time."""
    out = []
    for i in range(0, len(refs), _CHUNK):
        part = slice(i, i + _CHUNK)
        out += _estimates_chunk(refs[part], grps[part], seeds[part], n_draws, level)
    return out


def _estimates_chunk(refs: list, grps: list, seeds: list, n_draws: int, level: float) -> list:
    q = [(1 - level) / 2, 1 - (1 - level) / 2]
    n = len(refs)
    out = [{} for _ in range(n)]
    for j, (name, rows, pos, kind) in enumerate(SEQUENCES):
        values = np.full(n, np.nan)
        draws = np.full((n, n_draws), np.nan)
        for i, (ra, rb, seed) in enumerate(zip(refs, grps, seeds, strict=True)):
            if rows not in ra or ra[rows] <= 0 or rb[rows] <= 0:
                continue
            rng = np.random.default_rng([seed, j])
            a = rng.beta(ra[pos] + 0.5, ra[rows] - ra[pos] + 0.5, size=n_draws)
            b = rng.beta(rb[pos] + 0.5, rb[rows] - rb[pos] + 0.5, size=n_draws)
            pa, pb = ra[pos] / ra[rows], rb[pos] / rb[rows]
            if kind == "gap":
                values[i], draws[i] = pb - pa, b - a
            else:  # a reference never selected: unbounded (0 / 0: undefined)
                values[i] = pb / pa if pa > 0 else (np.inf if pb > 0 else np.nan)
                draws[i] = b / a
        ok = np.isfinite(values)
        lo, hi = np.full((2, n), np.nan)
        drawn = ~np.isnan(draws[:, 0])  # the windows of two groups with rows
        if drawn.any():
            qs = np.quantile(draws[drawn], q, axis=1)
            lo[drawn], hi[drawn] = qs[0], qs[1]
        for i in range(n):
            if not ok[i]:
                if rows in refs[i]:
                    out[i][name] = _no_value(values[i], float(lo[i]) if drawn[i] else None)
                continue
            out[i][name] = _estimate(float(values[i]), lo[i], hi[i])
    return out


def _estimate(value: float, lo, hi) -> dict:
    """A window estimate with its interval, the value inside it."""
    return {"value": value, "ci_low": float(min(lo, value)), "ci_high": float(max(hi, value))}
