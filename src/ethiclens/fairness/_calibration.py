"""Expected calibration error per group from binned scores.

ECE = Σ_b (n_b / n) |acc_b − conf_b| = (1/n) Σ_b |Σ_{i∈b} (y_i − s_i)| over ``n_bins``
equal-width bins [0, 1/k), …, [(k−1)/k, 1]: a score s is in bin b when b/k <= s < (b+1)/k, the
edges b/k compared as the doubles nearest them (0.57 in bin 57 of 100, though 0.57 * 100 is
56.99999999999999); every engine bins so. Per group it is kept as (bin × label) cells: weight
sums and weighted score sums.
"""

from __future__ import annotations

import numpy as np

from ._counts import cell_sums

ECE_CI_METHOD = (
    "percentile (bootstrap of bin×label cells; scores within a cell held at the cell mean)"
)


def bin_index(scores: np.ndarray, n_bins: int) -> np.ndarray:
    """Each score's bin: floor(s * k) moved by one where the product's rounding crossed an
    edge (s >= (b+1)/k: up, s < b/k: down); 1 in the last bin."""
    with np.errstate(invalid="ignore"):
        b = np.floor(scores * n_bins)
        b = b + (scores >= (b + 1) / n_bins) - (scores < b / n_bins)
    return np.clip(b, 0, n_bins - 1).astype(np.int64)


def ece_cells(scores, y_true, codes, n_groups, n_bins, weights=None):
    """Per group and (bin, label) cell: row counts, weight sums and weighted score sums."""
    w = np.ones(len(scores)) if weights is None else weights
    shape = (n_groups, 2 * n_bins)
    flat = codes.astype(np.int64) * shape[1] + bin_index(scores, n_bins) * 2 + y_true
    return cell_sums(flat, shape), cell_sums(flat, shape, w), cell_sums(flat, shape, w * scores)


def ece_from_cells(wsum, ssum):
    """ECE from (…, 2·n_bins) weight and score sums; NaN for an empty group."""
    y_sum = wsum[..., 1::2]  # rows with label 1 contribute their weight to Σ y
    s_sum = ssum[..., 0::2] + ssum[..., 1::2]
    n = wsum.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, np.abs(y_sum - s_sum).sum(axis=-1) / n, np.nan)


def ece_replicates(counts, wsum, ssum, n_boot, rng):
    """Bootstrap ECE per group, shape (n_boot, n_groups), stratified by group."""
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_w = np.where(counts > 0, wsum / np.maximum(counts, 1), 0.0)
        mean_s = np.where(counts > 0, ssum / np.maximum(counts, 1), 0.0)
    out = np.empty((n_boot, counts.shape[0]))
    for g, row in enumerate(counts):
        n = int(row.sum())
        draws = rng.multinomial(n, row / n, size=n_boot) if n else np.zeros((n_boot, len(row)))
        out[:, g] = ece_from_cells(draws * mean_w[g], draws * mean_s[g])
    return out


def reliability_bins(counts_row, wsum_row, ssum_row, n_bins) -> list[dict]:
    """One group's reliability diagram: per non-empty bin, rows, mean score, observed rate."""
    out = []
    for b in range(n_bins):
        w = wsum_row[2 * b] + wsum_row[2 * b + 1]
        n = int(counts_row[2 * b] + counts_row[2 * b + 1])
        if n == 0 or w <= 0:
            continue
        out.append(
            {
                "lower": b / n_bins,
                "upper": (b + 1) / n_bins,
                "n": n,
                "mean_score": float((ssum_row[2 * b] + ssum_row[2 * b + 1]) / w),
                "observed_rate": float(wsum_row[2 * b + 1] / w),
            }
        )
    return out
