"""Per-group confusion counts: the core data structure of the audit engine.

Every metric of the engine except ECE is a function of per-group cell counts, so a group of a
million rows is four numbers. Cells are ``tp, fp, fn, tn`` when labels exist and ``pos, neg``
(predicted positive / negative) when only predictions are given.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

LABELLED_CELLS = ("tp", "fp", "fn", "tn")
UNLABELLED_CELLS = ("pos", "neg")


def cell_index(y_pred: np.ndarray, y_true: np.ndarray | None) -> np.ndarray:
    """Cell of each row: tp=0, fp=1, fn=2, tn=3 with labels; pos=0, neg=1 without."""
    y_pred = np.asarray(y_pred, dtype=np.int8)
    if y_true is None:
        return 1 - y_pred
    return (1 - y_pred) * 2 + (1 - np.asarray(y_true, dtype=np.int8))


@dataclass(frozen=True)
class GroupCounts:
    """Confusion cells per group of one protected attribute.

    Attributes
    ----------
    attribute : str
        Name of the protected attribute.
    groups : tuple of str
        Group labels, in the row order of ``counts``.
    labelled : bool
        True when cells are ``tp, fp, fn, tn``; False for ``pos, neg``.
    counts : ndarray of shape (n_groups, n_cells)
        Row counts per cell (unweighted); sample floors use these.
    weighted : ndarray of shape (n_groups, n_cells)
        Sums of sample weights per cell (equal to ``counts`` without weights); point estimates
        use these.
    """

    attribute: str
    groups: tuple[str, ...]
    labelled: bool
    counts: np.ndarray
    weighted: np.ndarray

    @property
    def cells(self) -> tuple[str, ...]:
        return LABELLED_CELLS if self.labelled else UNLABELLED_CELLS

    @property
    def n(self) -> np.ndarray:
        return self.counts.sum(axis=1)

    def label_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """Rows with a positive and a negative true label per group (labelled data only)."""
        tp, fp, fn, tn = self.counts.T
        return tp + fn, fp + tn

    @classmethod
    def from_arrays(cls, attribute, groups, codes, cells, labelled, sample_weight=None):
        """Count cells per group with two ``bincount`` calls: O(n), no Python loop over rows."""
        n_groups, n_cells = len(groups), 4 if labelled else 2
        flat = codes.astype(np.int64) * n_cells + cells
        size = n_groups * n_cells
        counts = np.bincount(flat, minlength=size).reshape(n_groups, n_cells)
        if sample_weight is None:
            weighted = counts.astype(float)
        else:
            weighted = np.bincount(flat, weights=sample_weight, minlength=size)
            weighted = weighted.reshape(n_groups, n_cells)
        return cls(attribute, tuple(groups), labelled, counts, weighted)
