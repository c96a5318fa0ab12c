"""Round 46 (review of 86942260, its compare sibling): a comparison of two models without
labels (compare(None, pred_a, pred_b, g)) draws each group's joint (ŷ_A, ŷ_B) cells, but every
difference's ci_method named a label among them ('joint (ŷ_A, ŷ_B, y) cells') and, weighted,
'each label's cells at that label's Kish size', a label split with no labels to split by.
Without labels it now names the cells drawn; a labelled comparison's method is unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.fairness import compare


def _methods(y, paired: bool, weighted: bool) -> set[str]:
    rng = np.random.default_rng(0)
    g = rng.choice(["a", "b"], 400)
    pa, pb = rng.integers(0, 2, 400), rng.integers(0, 2, 400)
    w = rng.uniform(0.5, 2, 400) if weighted else None
    result = compare(y, pa, pb, g, sample_weight=w, paired=paired, n_boot=100, random_state=1)
    diffs = result.differences + result.group_differences
    return {d.difference.ci_method for d in diffs if d.difference.ci_method}


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("paired", [True, False])
def test_an_unlabelled_comparison_names_no_label_in_its_method(paired, weighted):
    methods = _methods(None, paired, weighted)
    assert methods, methods
    for m in methods:
        assert ", y)" not in m and "label's" not in m, m
    if weighted:
        assert all("Kish-effective" in m and "weight total" in m for m in methods), methods
    labelled = _methods(np.random.default_rng(3).integers(0, 2, 400), paired, weighted)
    if paired:
        assert all("(ŷ_A, ŷ_B, y)" in m for m in labelled), labelled
    if weighted:
        assert all("each label's cells at that label's Kish size" in m for m in labelled)
