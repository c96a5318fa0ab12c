"""The interval kit: from draws to an interval, its method, the contained estimate and a status.

Every interval EthicLens reports (the audit, ``compare``, the threshold view, PCER, P2NIA and the
counterfactual probe) takes the same last mile:

1. **draws -> quantiles.** An equal-tailed interval of the finite draws (Jeffreys–Dirichlet
   draws, a bootstrap's replicates, a mechanism's posterior draws) or BCa from bootstrap
   replicates and the exact jackknife (:func:`bootstrap_intervals`). More than 1% undefined
   draws and no interval is reported; fewer and they are excluded, and the method says so.
2. **contain the estimate.** Where the draws do not reach the estimate (a rate of exactly 0 or
   1, a clipped or debiased statistic) the interval is extended to it, and the method says so
   (:func:`contain`).
3. **status.** UNDEFINED without an estimate, INSUFFICIENT_DATA below a floor (no interval is
   shown), else the policy's verdict or REPORTED (:func:`metric_status`).

The batch functions take draws of shape ``(n_draws, m)``, one column per statistic (every group,
every comparison of an attribute at once), and give :class:`Intervals`: arrays of lows and highs
and one method string per column. The scalar :func:`interval` is the same computation on one
column. Quantiles are numpy's ``linear`` quantiles, bit for bit (sorted rows, numpy's own
interpolation: :func:`quantiles` is tested against ``np.quantile``), so batching changes no
number.

The interval choices have one spelling everywhere: :data:`JEFFREYS`, :data:`BCA`,
:data:`PERCENTILE` (each command offers the subset that applies to its draws).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .._checks import names_words, use_one_of
from ..errors import EthicLensInputError
from . import _policy as pol
from ._bootstrap import (
    Interval,
    acceleration,
    bca_quantiles,
    bootstrap_interval,
    from_quantiles,
    undefined_note,
)
from ._kinds import type_refusal

JEFFREYS = "jeffreys"
BCA = "bca"
PERCENTILE = "percentile"
CI_CHOICES = (JEFFREYS, BCA, PERCENTILE)

# What an extended interval's method says (step 2): at a rate of exactly 0 or 1 the estimate is
# on the boundary of the draws; a clipped or debiased estimate can lie outside them.
ON_BOUNDARY = "extended to the estimate, which lies on the boundary of the draws (a rate of 0 or 1)"
OUTSIDE = "extended to the estimate, which lies outside the draws' interval"


@dataclass(frozen=True)
class Intervals:
    """One interval per column: ``low``/``high`` (NaN where not reported) and a method each."""

    low: np.ndarray
    high: np.ndarray
    methods: list

    def __len__(self) -> int:
        return len(self.methods)

    @property
    def reported(self) -> np.ndarray:
        return ~np.isnan(self.low)

    def at(self, i: int) -> Interval:
        """Column ``i`` as an :class:`Interval` (Python floats; all columns built on first use)."""
        cache = self.__dict__.get("_list")
        if cache is None:
            cache = [
                Interval(None, None, m) if lo != lo else Interval(lo, hi, m)
                for lo, hi, m in zip(
                    self.low.tolist(), self.high.tolist(), self.methods, strict=True
                )
            ]
            object.__setattr__(self, "_list", cache)
        return cache[i]

    __getitem__ = at


def _tails(level: float) -> tuple[float, float]:
    alpha = (1 - level) / 2
    return alpha, 1 - alpha


def quantiles(sorted_rows: np.ndarray, q, rows=None) -> np.ndarray:
    """numpy's ``linear`` quantile ``q`` of each sorted row, bit for bit as ``np.quantile``.

    ``sorted_rows``: (m, n), each row sorted ascending, finite; ``q``: a scalar or one per row
    read; ``rows``: the indices of the rows to read (default all).
    """
    n = sorted_rows.shape[1]
    if np.ndim(q) == 0:  # one position for every row (the usual case): the same arithmetic
        return _quantile_at(sorted_rows, float(q), slice(None) if rows is None else rows)
    rows = np.arange(sorted_rows.shape[0]) if rows is None else rows
    m = len(rows)
    v = np.asanyarray((n - 1) * np.broadcast_to(np.asarray(q, dtype=float), (m,)))
    prev = np.floor(v)
    nxt = prev + 1
    above = v >= n - 1
    prev[above] = -1
    nxt[above] = -1
    below = v < 0
    prev[below] = 0
    nxt[below] = 0
    prev, nxt = prev.astype(np.intp), nxt.astype(np.intp)
    gamma = np.asanyarray(v - prev, dtype=v.dtype)
    a, b = sorted_rows[rows, prev], sorted_rows[rows, nxt]
    # numpy's _lerp: a + (b - a)·t, or b − (b − a)·(1 − t) for t >= 1/2
    diff = b - a
    out = a + diff * gamma
    np.subtract(b, diff * (1 - gamma), out=out, where=gamma >= 0.5)
    return out


def _quantile_at(sorted_rows: np.ndarray, q: float, rows) -> np.ndarray:
    """:func:`quantiles` at one ``q`` for every row read: its steps on one position (a scalar)
    rather than an array of equal ones, so the same numbers without the per-row index arrays."""
    n = sorted_rows.shape[1]
    v = np.float64((n - 1) * q)
    if v >= n - 1:
        prev = nxt = -1
    elif v < 0:
        prev = nxt = 0
    else:
        prev = int(np.floor(v))
        nxt = prev + 1
    gamma = np.float64(v - prev)
    a, b = sorted_rows[rows, prev], sorted_rows[rows, nxt]
    diff = b - a
    return b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma


def equal_tailed(
    draws: np.ndarray,
    *,
    level: float = 0.95,
    name: str = PERCENTILE,
    columns=None,
    overwrite: bool = False,
):
    """Equal-tailed intervals of each column of ``draws`` (n_draws, m), named ``name``.

    Non-finite draws are excluded (and named in the method); above 1% of them, or with none
    finite, the column's interval is not reported. ``columns``: a boolean mask of the columns
    wanted; the others get no interval and the method ``name`` (the caller does not show them).
    ``overwrite``: the caller no longer needs ``draws``, whose columns may then be sorted in
    place (when each column is contiguous) instead of copied: at thousands of columns the copy
    costs as much as a third of the sort.
    """
    n_draws, m = draws.shape
    low, high = np.full(m, np.nan), np.full(m, np.nan)
    methods = [name] * m
    want = np.ones(m, bool) if columns is None else np.asarray(columns, bool)
    if n_draws == 0 or not want.any():
        return Intervals(low, high, methods)
    rows = draws.T
    finite = np.isfinite(rows)
    clean = finite.all(axis=1)
    q_low, q_high = _tails(level)
    for i in np.flatnonzero(want & ~clean):  # before any sort in place: finite[i] masks rows[i]
        ok = finite[i]
        iv = from_quantiles(rows[i][ok], q_low, q_high, name, undefined_note(ok), n_draws)
        if iv.defined:
            low[i], high[i] = iv.low, iv.high
        methods[i] = iv.method
    take = want & clean
    if take.any():
        idx = np.flatnonzero(take)
        if overwrite and rows.flags.c_contiguous and rows.flags.writeable:
            rows.sort(axis=1)  # every column, the few unwanted ones too (NaN sorts last)
            s, read = rows, idx
        else:
            s, read = rows[take], None  # a copy, one row per column
            s.sort(axis=1)
        low[idx] = quantiles(s, q_low, read)
        high[idx] = quantiles(s, q_high, read)
    return Intervals(low, high, methods)


def bootstrap_intervals(
    points: np.ndarray,
    draws: np.ndarray,
    jack: Sequence | None = None,
    mult: Sequence | None = None,
    *,
    method: str = BCA,
    level: float = 0.95,
    columns=None,
) -> Intervals:
    """BCa (or percentile) intervals of each column from bootstrap replicates (ADR 0002).

    ``jack[j]``/``mult[j]``: column j's jackknife values and their multiplicities. An infinite
    estimate (a log of 0) has no BCa: the finite replicates' percentile interval is used.
    """
    n_draws, m = draws.shape
    low, high = np.full(m, np.nan), np.full(m, np.nan)
    methods = [method] * m
    want = np.ones(m, bool) if columns is None else np.asarray(columns, bool)
    points = np.asarray(points, float)
    batch = np.zeros(m, bool)
    if method in (BCA, PERCENTILE) and n_draws and want.any():
        # Columns with a defined estimate and only finite draws are done as a batch (one sort
        # each); the others (rare) take the one-column path below. Same numbers either way.
        # BCa needs a finite estimate; the percentile interval only a defined one
        batch = want & (np.isfinite(points) if method == BCA else ~np.isnan(points))
        if batch.any():
            batch[batch] = np.isfinite(draws[:, batch]).all(axis=0)
        if batch.any():
            idx = np.flatnonzero(batch)
            rows = np.array(draws.T[batch], order="C")
            rows.sort(axis=1)
            if method == PERCENTILE:
                q_low, q_high = _tails(level)
                low[idx], high[idx] = quantiles(rows, q_low), quantiles(rows, q_high)
            else:
                lo, hi, names = _bca_batch(points[idx], draws[:, idx], rows, idx, jack, mult, level)
                low[idx], high[idx] = lo, hi
                for k, j in enumerate(idx.tolist()):
                    methods[j] = names[k]
    for j in np.flatnonzero(want & ~batch):
        point = float(points[j])
        if np.isinf(point):  # no BCa of an infinite estimate
            iv = bootstrap_interval(0.0, draws[:, j], None, None, method=PERCENTILE, level=level)
        else:
            jack_j = None if jack is None else jack[j]
            mult_j = None if mult is None else mult[j]
            iv = bootstrap_interval(point, draws[:, j], jack_j, mult_j, method=method, level=level)
        if iv.defined:
            low[j], high[j] = iv.low, iv.high
        methods[j] = iv.method
    return Intervals(low, high, methods)


def _bca_batch(theta, draws, rows, idx, jack, mult, level):
    """BCa (low, high, method name) for columns ``idx`` with finite estimates ``theta`` and
    finite draws (``rows``: the draws sorted, one row per column); exactly what
    ``bootstrap_interval`` gives each column (its fallbacks included)."""
    n = draws.shape[0]
    below = ((draws < theta).sum(axis=0) + 0.5 * (draws == theta).sum(axis=0)) / n
    alpha, upper = _tails(level)
    q_lo, q_hi = np.full(len(idx), alpha), np.full(len(idx), upper)
    names = ["percentile (bca bias correction infinite)"] * len(idx)
    corrected = np.zeros(len(idx), bool)  # False: every draw on one side, percentile used
    for k, (j, b) in enumerate(zip(idx.tolist(), below.tolist(), strict=True)):
        if b <= 0 or b >= 1:
            continue
        corrected[k] = True
        a = None if jack is None or jack[j] is None else acceleration(jack[j], mult[j])
        q_lo[k], q_hi[k], names[k] = bca_quantiles(b, a, alpha)
    lo, hi = quantiles(rows, q_lo), quantiles(rows, q_hi)
    # BCa assumes a monotone normalising transform; for |difference| statistics near 0 it can
    # exclude its own estimate: the percentile interval is used instead.
    bad = corrected & ~((lo <= theta) & (theta <= hi))
    if bad.any():
        lo[bad], hi[bad] = quantiles(rows[bad], alpha), quantiles(rows[bad], upper)
        for k in np.flatnonzero(bad):
            names[k] = "percentile (bca interval excluded the estimate)"
    return lo, hi, names


def contain(intervals: Intervals, points, note: str | None = ON_BOUNDARY) -> Intervals:
    """Each reported interval extended to its estimate where the draws missed it (an infinite
    estimate, a log of 0, extends it to infinity), the method saying so with ``note`` (None:
    silently, as ``compare`` has always done); NaN estimates leave their interval as it is."""
    points = np.asarray(points, float)
    if points.shape != intervals.low.shape:
        points = np.broadcast_to(points, intervals.low.shape)
    with np.errstate(invalid="ignore"):
        low = np.where(np.isnan(points), intervals.low, np.fmin(intervals.low, points))
        high = np.where(np.isnan(points), intervals.high, np.fmax(intervals.high, points))
    moved = intervals.reported & ((low != intervals.low) | (high != intervals.high))
    if not moved.any():
        return intervals
    low = np.where(intervals.reported, low, np.nan)
    high = np.where(intervals.reported, high, np.nan)
    methods = list(intervals.methods)
    for j in np.flatnonzero(moved) if note is not None else ():
        methods[j] = f"{methods[j]}; {note}"
    return Intervals(low, high, methods)


def fold(intervals: Intervals) -> tuple[np.ndarray, np.ndarray]:
    """The folded-at-0 interval of |s| from the signed interval of s: [0, max(−l, h)] when it
    contains 0, else [min(|l|, |h|), max(|l|, |h|)] (NaN stays NaN)."""
    lo, hi = intervals.low, intervals.high
    with np.errstate(invalid="ignore"):
        straddle = (lo <= 0) & (0 <= hi)
        f_lo = np.where(straddle, 0.0, np.minimum(np.abs(lo), np.abs(hi)))
        f_hi = np.where(straddle, np.maximum(-lo, hi), np.maximum(np.abs(lo), np.abs(hi)))
    return f_lo, f_hi


def interval(
    point: float,
    draws: np.ndarray,
    *,
    name: str = PERCENTILE,
    level: float = 0.95,
    note: str | None = ON_BOUNDARY,
    extend: bool = True,
) -> Interval:
    """One equal-tailed interval of ``draws`` (n_draws,), named ``name``, extended to a finite
    ``point`` where the draws miss it (the method says so with ``note``; ``note=None``: silently;
    ``extend=False``: not extended). The scalar form of the batch."""
    ivs = equal_tailed(np.asarray(draws, float).reshape(-1, 1), level=level, name=name)
    if extend and point is not None and np.isfinite(point):
        ivs = contain(ivs, [point], note)
    return ivs[0]


FOLDED = ", of the signed difference(s), folded at 0"


def folded_max(signed, *, name: str = PERCENTILE, level: float = 0.95) -> Interval:
    """Interval of max_i |s_i| from the equal-tailed intervals of signed statistics s_i.

    ``signed``: (estimate, draws) of each s_i. Each signed interval, extended to its own
    estimate, is folded at 0 (:func:`fold`) and the result is [max of the lows, max of the
    highs]. Unlike a percentile interval of |s| itself, whose lower end is above 0 whatever the
    data, it covers a true gap of 0 and contains the estimate max_i |s_i|. A signed interval
    that is not reported (too many undefined draws) is returned as it is: no interval.
    """
    parts = [
        interval(value, draws, name=name, level=level, note=OUTSIDE) for value, draws in signed
    ]
    missing = next((iv for iv in parts if not iv.defined), None)
    if missing is not None:
        return missing
    low, high = fold(
        Intervals(np.array([iv.low for iv in parts]), np.array([iv.high for iv in parts]), [])
    )
    notes = sorted({iv.method.removeprefix(name).strip(" ;") for iv in parts} - {""})
    method = name + FOLDED + (f"; signed: {'; '.join(notes)}" if notes else "")
    return Interval(float(low.max()), float(high.max()), method)


def contain_one(iv: Interval, point, note: str | None = ON_BOUNDARY) -> Interval:
    """:func:`contain` for one :class:`Interval` (a finite ``point``; otherwise unchanged)."""
    if not iv.defined or point is None or not np.isfinite(point):
        return iv
    one = Intervals(np.array([iv.low]), np.array([iv.high]), [iv.method])
    return contain(one, [point], note)[0]


def contain_estimate(interval: Interval, point: float) -> Interval:
    """``interval`` widened to contain ``point`` where the draws missed it, saying so in the
    method (a rate of 0 or 1, or a debiased estimate on the boundary of its replicates)."""
    # Python's min/max, not contain_one: a NaN bound and an array point are taken as they were
    if not interval.defined or point is None or not np.isfinite(point):
        return interval
    low, high = min(interval.low, point), max(interval.high, point)
    if (low, high) == (interval.low, interval.high):
        return interval
    return Interval(float(low), float(high), f"{interval.method}; {OUTSIDE}")


def metric_status(point, interval: Interval, *, below_floor=None, judge=None, undefined=None):
    """(status, reason) of a statistic: UNDEFINED (no estimate: ``undefined`` says why),
    INSUFFICIENT_DATA (``below_floor``, None when the floors are met, says why; no interval is
    shown), then ``judge(interval)`` or REPORTED. A reason may be a callable (built when
    needed)."""
    # checked inline, not by _checks.argument_kinds: the audit calls it per metric and group
    try:
        none = point is None or bool(point != point)  # no estimate (None or NaN)
    except (TypeError, ValueError):  # a frame or an array: its truth value is ambiguous
        none = None
    if none is None or not (judge is None or callable(judge)):
        _refuse_status_argument(*(("point", point) if none is None else ("judge", judge)))
    if none:
        return pol.UNDEFINED, undefined() if callable(undefined) else undefined
    if below_floor is not None:
        return pol.INSUFFICIENT_DATA, below_floor() if callable(below_floor) else below_floor
    if judge is not None:
        return judge(interval)
    return pol.REPORTED, None


def _refuse_status_argument(name: str, value) -> None:
    """:func:`metric_status`'s refusal of a point that is no number or a judge that is no
    function, naming the argument, never the TypeError of calling it."""
    words, fix = {
        "point": ("a number (the estimate) or None", "e.g. 0.82"),
        "judge": ("a function of the interval, or None", "e.g. judge=None (reported)"),
    }[name]
    raise type_refusal(value, f"must be {words}, not", column=name, fix=fix)


def check_ci(value, choices=CI_CHOICES, where: str = "ci") -> str:
    """An interval choice among ``choices`` (spelled as :data:`CI_CHOICES`, one message for
    every command); one given as a mapping, list or set is refused as such
    (:func:`not_one_word`), as the audit's ``ci`` is."""
    if not isinstance(value, str) or value not in choices:
        problem, fix = "unknown interval method", f"use one of {names_words(choices)}"
        if isinstance(value, str):  # 'BCA', ' bca': its near miss first, as every choice has
            fix = use_one_of(value, choices)
        if (shaped := not_one_word(value, choices)) is not None:
            problem, named = shaped
            fix = f"write it as one word{f', {named!r}' if named else ''}: {fix}"
        raise EthicLensInputError(problem, column=where, value=value, fix=fix)
    return value


def not_one_word(value, methods, aliases=None) -> tuple[str, str | None] | None:
    """(problem, the one method it holds or None) of an interval method given as a mapping, a
    list (a tuple, a 1-d or deeper NumPy array) or a set (``{method: bca, level: 0.9}``,
    ``['bca']``): the method is one word. A method is named only where exactly one of
    ``methods`` is held (an older spelling in ``aliases`` as the current one): of two,
    neither is the one meant, and a set's order changes from run to run. None for any other
    value (a string, a number, None, a 0-d array): its own message stands."""
    if isinstance(value, Mapping):
        shape, items = "a mapping", [*value.keys(), *value.values()]
    elif isinstance(value, set | frozenset):
        shape, items = "a set", list(value)
    elif isinstance(value, list | tuple) or (isinstance(value, np.ndarray) and value.ndim > 0):
        shape, items = "a list", list(value)
    else:
        return None
    aliases = aliases or {}
    held = {str(aliases.get(v, v)) for v in items if isinstance(v, str) and v in methods}
    named = held.pop() if len(held) == 1 else None
    return f"is {shape}: the interval method is one word, not {shape}", named


# A replicate x / 0 (x > 0) of a ratio is +inf: a value above every other, not an undefined one
# (and a difference with such a ratio is ±inf). Dropping it as a NaN is dropped made a DI
# verdict depend on the reference: swapped, the same replicate is 0 / x = 0, which is kept.
# It is sorted as a finite stand-in, so quantiles interpolate, and a bound that reaches the
# stand-in is infinite again.
_INF_STAND_IN, _UNBOUNDED = 1e300, 1e250
INFINITE_NOTE = "{k} of {n} replicates divide by a zero reference rate: ordered as {sign}inf"


def with_infinite_draws(draws: np.ndarray, intervals) -> Intervals:
    """``intervals(draws)`` (a function giving :class:`Intervals` of each column) with ±inf
    draws ordered as values, not dropped as undefined; ``draws`` is changed in place. A
    method whose column had such draws says how many."""
    infinite = np.isinf(draws)
    if not infinite.any():  # the usual case: one pass over the draws, nothing to annotate
        return intervals(draws)
    up = (infinite & (draws > 0)).sum(axis=0)
    down = infinite.sum(axis=0) - up
    signs = ["±" if u and d else "+" if u else "−" for u, d in zip(up, down, strict=True)]
    draws[infinite] = np.copysign(_INF_STAND_IN, draws[infinite])
    ivs = intervals(draws)
    n = draws.shape[0]
    methods = [
        f"{m} ({INFINITE_NOTE.format(k=u + d, n=n, sign=sign)})" if u + d and lo == lo else m
        for m, u, d, sign, lo in zip(ivs.methods, up, down, signs, ivs.low, strict=True)
    ]
    return Intervals(_unbounded(ivs.low), _unbounded(ivs.high), methods)


def _unbounded(bounds: np.ndarray) -> np.ndarray:
    bounds = np.where(bounds >= _UNBOUNDED, np.inf, bounds)
    return np.where(bounds <= -_UNBOUNDED, -np.inf, bounds)
