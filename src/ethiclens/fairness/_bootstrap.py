"""Stratified bootstrap on confusion cells, with an exact per-cell jackknife for BCa.

Rows that fall in the same (group, cell) are exchangeable for every count-based metric, so
resampling n_g rows of group g with replacement is the same as drawing the group's cell counts
from Multinomial(n_g, observed cell shares). That makes a 1,000-replicate bootstrap of a
million rows cost a few multinomial draws instead of a billion row lookups. Likewise every
leave-one-out jackknife value depends only on which cell the left-out row was in, so the
jackknife has one value per non-empty cell, weighted by the cell's count: exact, not sampled.

With sample weights rows in a cell are no longer exchangeable; the bootstrap then resamples rows
within each group (chunked bincounts), and the jackknife has one value per distinct
(cell, weight) pair.

A group with an empty cell is not resampled by the audit (every replicate would keep the cell
at 0): its cells are drawn from its Jeffreys posterior (:func:`empty_cell_groups`, ADR 0008).
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

_NORMAL = NormalDist()
# Above this share of undefined replicates an interval is not reported at all.
MAX_UNDEFINED_SHARE = 0.01


@dataclass(frozen=True)
class Interval:
    """A confidence interval and the method that was actually used to compute it."""

    low: float | None
    high: float | None
    method: str

    @property
    def defined(self) -> bool:
        return self.low is not None and self.high is not None

    @property
    def degenerate(self) -> bool:
        return self.defined and self.low == self.high


def draw_cell_counts(
    counts: np.ndarray, n_boot: int, rng: np.random.Generator, skip=()
) -> np.ndarray:
    """Bootstrap replicates of per-group cells, shape (n_boot, n_groups, n_cells).

    Each group is resampled on its own (stratified): its size is fixed, its cells multinomial.
    A group with an empty cell is resampled from smoothed shares (a pseudo-count of 1/2 per
    cell), so a zero cell is not frozen at zero in every replicate. Groups in ``skip`` are
    left at 0 (the caller draws them another way: the audit draws a group with an empty cell
    from its Jeffreys posterior, :func:`empty_cell_groups`).
    """
    out = np.zeros((n_boot, *counts.shape), dtype=float)
    for g, row in enumerate(counts):
        n = int(row.sum())
        if n and g not in skip:
            out[:, g, :] = rng.multinomial(n, smoothed_shares(row), size=n_boot)
    return out


def empty_cell_groups(counts: np.ndarray) -> frozenset:
    """The groups (rows of ``counts``: cells in rows, or in weight) with an empty cell. Under
    ``bca`` and ``percentile`` the audit draws their cells from the Jeffreys posterior, not by
    resampling, and gives every interval involving one the percentile of the draws: BCa's bias
    correction is degenerate for an estimate on the boundary of its draws (docs/adr/0008)."""
    return frozenset(int(g) for g in np.flatnonzero((np.asarray(counts) == 0).any(axis=1)))


def draw_weighted_cells(
    codes: np.ndarray,
    cells: np.ndarray,
    weights: np.ndarray,
    shape: tuple[int, int],
    n_boot: int,
    rng: np.random.Generator,
    max_chunk_rows: int = 4_000_000,
    skip=(),
) -> np.ndarray:
    """Weighted bootstrap: resample rows within each group, sum their weights per cell.
    Groups in ``skip`` are left at 0 (the caller draws them another way).

    A group's rows are put in a canonical order (by cell, then weight) before they are
    resampled: rows with the same cell and weight are interchangeable, so the same data in any
    row order gives the same replicates (and the same interval)."""
    n_groups, n_cells = shape
    out = np.zeros((n_boot, n_groups, n_cells))
    for g in range(n_groups):
        if g in skip:
            continue
        rows = np.flatnonzero(codes == g)
        g_cells, g_w = cells[rows], weights[rows]
        order = np.lexsort((g_w, g_cells))  # cell first, then weight
        g_cells, g_w = g_cells[order], g_w[order]
        n = len(rows)
        chunk = max(1, max_chunk_rows // max(n, 1))
        for start in range(0, n_boot, chunk):
            b = min(chunk, n_boot - start)
            pick = rng.integers(0, n, size=(b, n))
            flat = (np.arange(b)[:, None] * n_cells + g_cells[pick]).ravel()
            sums = np.bincount(flat, weights=g_w[pick].ravel(), minlength=b * n_cells)
            out[start : start + b, g, :] = sums.reshape(b, n_cells)
    return out


@dataclass(frozen=True)
class JackknifeUnits:
    """Distinct leave-one-out deletions of one group: cell deltas and how many rows share each."""

    deltas: np.ndarray  # (n_units, n_cells): what removing one such row subtracts
    multiplicity: np.ndarray  # (n_units,)


def jackknife_units(counts_row, n_cells, cells=None, weights=None) -> JackknifeUnits:
    """Units for one group; unweighted from its cell counts, weighted from its rows."""
    if weights is None:
        present = np.flatnonzero(counts_row > 0)
        deltas = np.zeros((len(present), n_cells))
        deltas[np.arange(len(present)), present] = 1.0
        return JackknifeUnits(deltas, counts_row[present].astype(float))
    pairs, mult = np.unique(np.column_stack([cells, weights]), axis=0, return_counts=True)
    deltas = np.zeros((len(pairs), n_cells))
    deltas[np.arange(len(pairs)), pairs[:, 0].astype(int)] = pairs[:, 1]
    return JackknifeUnits(deltas, mult.astype(float))


def acceleration(jack_values: np.ndarray, multiplicity: np.ndarray) -> float | None:
    """BCa acceleration from (weighted) jackknife values; None when it is undefined."""
    if not np.all(np.isfinite(jack_values)):
        return None
    mean = np.average(jack_values, weights=multiplicity)
    d = mean - jack_values
    den = np.sum(multiplicity * d**2)
    if den <= 0:
        return 0.0
    return float(np.sum(multiplicity * d**3) / (6.0 * den**1.5))


def undefined_note(ok: np.ndarray) -> str:
    """'k of B replicates undefined (s%)' for the defined-draw mask ``ok``."""
    return f"{int((~ok).sum())} of {len(ok)} replicates undefined ({1.0 - ok.mean():.1%})"


def too_many_undefined(kept: int, total: int) -> bool:
    """Whether ``kept`` defined draws of ``total`` leave too many out to report an interval:
    none kept, or more than :data:`MAX_UNDEFINED_SHARE` undefined, compared in draws (as a
    float share, 1 of 100 reads 0.010000000000000009 and exactly 1% was refused)."""
    return kept == 0 or total - kept > MAX_UNDEFINED_SHARE * total + 1e-9


def from_quantiles(boot, q_low, q_high, method, note, n_total=None) -> Interval:
    """The interval between quantiles ``q_low`` and ``q_high`` of the finite draws ``boot``
    (``note``: what was left out of ``n_total``, or None), not reported beyond too many."""
    n_total = n_total or len(boot)
    if note is not None:
        if too_many_undefined(len(boot), n_total):
            return Interval(None, None, f"{method}: not reported, {note}")
        method = f"{method} ({note}, excluded)"
    low, high = np.quantile(boot, [q_low, q_high])
    return Interval(float(low), float(high), method)


def bootstrap_interval(
    theta_hat: float,
    boot: np.ndarray,
    jack_values: np.ndarray | None,
    jack_mult: np.ndarray | None,
    *,
    method: str = "bca",
    level: float = 0.95,
) -> Interval:
    """A BCa (default) or percentile interval from bootstrap replicates.

    BCa's bias correction uses the share of replicates below the estimate (ties count half);
    its acceleration comes from the exact jackknife. Where BCa cannot be computed (acceleration
    undefined, or every replicate on one side of the estimate) the fallback is named in
    ``method``.
    """
    if not np.isfinite(theta_hat):
        return Interval(None, None, f"{method}: not reported, point estimate undefined")
    n_total = len(boot)
    ok = np.isfinite(boot)
    finite, note = (boot, None) if ok.all() else (boot[ok], undefined_note(ok))
    alpha = (1 - level) / 2

    def percentile(name):
        return from_quantiles(finite, alpha, 1 - alpha, name, note, n_total)

    if method == "percentile":
        return percentile("percentile")
    if method != "bca":
        raise ValueError(f"unknown interval method {method!r}; use 'bca' or 'percentile'")
    if len(finite) == 0:
        return Interval(None, None, f"bca: not reported, {note}")
    below = (np.sum(finite < theta_hat) + 0.5 * np.sum(finite == theta_hat)) / len(finite)
    if below <= 0 or below >= 1:
        return percentile("percentile (bca bias correction infinite)")
    a = None if jack_values is None else acceleration(jack_values, jack_mult)
    q_low, q_high, name = bca_quantiles(below, a, alpha)
    interval = from_quantiles(finite, q_low, q_high, name, note, n_total)
    if interval.defined and not interval.low <= theta_hat <= interval.high:
        # BCa assumes a monotone normalising transform; for |difference| statistics near 0 it
        # breaks down and can exclude its own estimate. The percentile interval is used instead.
        return percentile("percentile (bca interval excluded the estimate)")
    return interval


def bca_quantiles(below: float, a: float | None, alpha: float) -> tuple[float, float, str]:
    """BCa's quantiles of the replicates for the tails ``alpha`` and ``1 - alpha``, and the
    method's name: ``below`` is the share of replicates below the estimate (in (0, 1)), ``a``
    the jackknife's acceleration, None where undefined (then 0: the "bc" interval)."""
    z0 = _NORMAL.inv_cdf(below)
    name = "bca"
    if a is None:
        a, name = 0.0, "bc (bca acceleration undefined: a jackknife value is undefined)"
    shifted = [z0 + _NORMAL.inv_cdf(q) for q in (alpha, 1 - alpha)]
    low, high = (_NORMAL.cdf(z0 + s / (1 - a * s)) for s in shifted)
    return low, high, name


# Per-cell pseudo-count of the default interval: Jeffreys' prior for a rate computed from two cells.
JEFFREYS_PRIOR = 0.5
JEFFREYS_METHOD = "jeffreys (Dirichlet(cells + 1/2) draws per group, equal-tailed)"
# A weighted audit's: the draws are of each group's Kish-effective cells, scaled to its weight
# total (draw_dirichlet_cells), as the weighted comparison's method says.
JEFFREYS_WEIGHTED_METHOD = (
    "weighted jeffreys (Dirichlet(Kish-effective cells + 1/2) draws per group, each label's "
    "cells at that label's Kish size, scaled to its weight total, equal-tailed)"
)
# ... and without labels, no label's size: the (selected, not) cells at the group's
JEFFREYS_WEIGHTED_UNLABELLED_METHOD = (
    "weighted jeffreys (Dirichlet(Kish-effective cells + 1/2) draws per group, scaled to its "
    "weight total, equal-tailed)"
)


def jeffreys_method(weighted: bool, labelled: bool) -> str:
    """The Jeffreys intervals' method as the draws were made: weighted or not, and a weighted
    audit's label split only where there are labels."""
    if not weighted:
        return JEFFREYS_METHOD
    return JEFFREYS_WEIGHTED_METHOD if labelled else JEFFREYS_WEIGHTED_UNLABELLED_METHOD


def draw_dirichlet_cells(
    effective: np.ndarray,
    totals: np.ndarray,
    n_boot: int,
    rng: np.random.Generator,
    prior: float = JEFFREYS_PRIOR,
    *,
    cell_major: bool = False,
) -> np.ndarray:
    """Posterior draws of each group's cells, shape (n_boot, n_groups, n_cells).

    Group g's cell shares are drawn from Dirichlet(effective[g] + prior) and scaled to
    ``totals[g]`` (its row count, or its weight total). Unlike a multinomial resample, an empty
    cell still varies, so a group that is never (or always) selected gets a proper, one-sided
    interval instead of a degenerate one (docs/adr/0008-verdicts.md).
    """
    n_groups, n_cells = effective.shape
    # ``cell_major``: the same draws stored cell-major, (n_cells, n_groups, n_boot) in memory,
    # returned as a (n_boot, n_groups, n_cells) view: a metric of the cells is then elementwise
    # arithmetic on contiguous slabs (the audit's metrics twice as fast; the same numbers: a sum
    # over the cells adds them in the same order), and each group's draws of a metric are
    # contiguous for sorting. Reductions over many cells may add in another order in this
    # layout: callers other than the audit keep the default.
    out = np.empty((n_cells, n_groups, n_boot) if cell_major else (n_boot, n_groups, n_cells))
    for g in range(n_groups):
        draws = rng.dirichlet(effective[g] + prior, size=n_boot) * totals[g]
        out[:, g, :] = draws.T if cell_major else draws
    return out.transpose(2, 1, 0) if cell_major else out


# The labelled cells (tp=0, fp=1, fn=2, tn=3) of each label: positives (tp, fn), negatives.
LABEL_CELLS = ((0, 2), (1, 3))


def kish_effective(weighted: np.ndarray, sq: np.ndarray, parts=None) -> np.ndarray:
    """Weighted cells (n_groups, n_cells) rescaled to Kish effective sizes (Σw)² / Σw², from
    each cell's weight sum and sum of squared weights ``sq``. ``parts``: the sets of cells
    that share one size (``LABEL_CELLS``: each label its own, as a rate within a label is as
    sure as that label's rows); default the whole group. Shares within a part are kept, so
    the draws centre on the weighted estimate; a part without weight gets 0 cells."""
    out = np.zeros_like(weighted, dtype=float)
    for part in parts or (tuple(range(weighted.shape[1])),):
        part = list(part)
        total, total_sq = weighted[:, part].sum(axis=1), sq[:, part].sum(axis=1)
        with np.errstate(all="ignore"):
            kish = np.where(total_sq > 0, total**2 / total_sq, 0.0)
            shares = np.where(total[:, None] > 0, weighted[:, part] / total[:, None], 0.0)
        out[:, part] = shares * kish[:, None]
    return out


def draw_label_split_cells(
    effective: np.ndarray,
    by_label: np.ndarray,
    totals: np.ndarray,
    n_boot: int,
    rng: np.random.Generator,
    prior: float = JEFFREYS_PRIOR,
    labels=LABEL_CELLS,
) -> np.ndarray:
    """Posterior draws of weighted labelled cells, as :func:`draw_dirichlet_cells` with
    ``cell_major`` returns them, drawn in parts: the positive label's share from the group's
    effective cells ``effective``, and the cells within each label (``labels``: the positive
    label's cells, the negative label's) from that label's own effective cells ``by_label``
    (``kish_effective`` with those parts), each cell with ``prior``. On unit weights this is
    the same distribution as Dirichlet(cells + prior) (the Dirichlet's aggregation property);
    with weights heavy on one label, the rates within it (TPR, FPR) vary as that label's Kish
    size says, not the whole group's (which left their intervals about half as wide as they
    should be)."""
    n_groups, n_cells = effective.shape
    pos, neg = (list(part) for part in labels)
    share = rng.beta(
        effective[:, pos].sum(axis=1) + len(pos) * prior,
        effective[:, neg].sum(axis=1) + len(neg) * prior,
        size=(n_boot, n_groups),
    ).T
    out = np.empty((n_cells, n_groups, n_boot))  # cell-major, as the audit's metrics read them
    for part, weight in ((pos, share), (neg, 1 - share)):
        # a Dirichlet within the label, from gamma draws: every group at once
        gammas = rng.gamma(
            by_label[:, part].T[:, :, None] + prior, size=(len(part), n_groups, n_boot)
        )
        out[part] = gammas / gammas.sum(axis=0) * weight
    out *= np.asarray(totals, float)[None, :, None]
    return out.transpose(2, 1, 0)


def smoothed_shares(row: np.ndarray, prior: float = JEFFREYS_PRIOR) -> np.ndarray:
    """Cell shares for a multinomial resample: observed, or smoothed when a cell is empty."""
    row = np.asarray(row, float)
    if (row > 0).all():
        return row / row.sum()
    return (row + prior) / (row.sum() + prior * len(row))
