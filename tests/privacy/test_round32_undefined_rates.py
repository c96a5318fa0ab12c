"""Round 32 (PCER): a group's undefined TPR or FPR (no positive or no negative test labels) is
None on ``GroupPCER``, as its docstring says and as the result's ``eo_gap`` is: it was NaN, so
``g.tpr_test is None`` missed it and ``g.tpr_test == 0`` compared a NaN."""

from __future__ import annotations

import math

import numpy as np

from ethiclens.privacy import SplitPredictions, pcer_audit


def _split(rng, n, positives_in_b):
    groups = np.repeat(["a", "b"], n)
    y = rng.integers(0, 2, 2 * n)
    y[n:] = 1 if positives_in_b else 0  # group b: only one label on this split
    pred = np.where(rng.random(2 * n) < 0.8, y, 1 - y)
    return SplitPredictions(y_true=y, y_pred=pred, groups=groups)


def test_undefined_rates_are_none():
    rng = np.random.default_rng(0)
    result = pcer_audit(_split(rng, 60, True), _split(rng, 60, False), n_boot=100)
    a, b = result.groups
    assert b.tpr_test is None  # b has no positive test label
    assert b.fpr_test is not None and math.isfinite(b.fpr_test)
    assert all(math.isfinite(v) for v in (a.tpr_test, a.fpr_test))
    assert result.eo_gap is None
    assert result.estimates["eo_gap"].reason == (
        "undefined: TPR of b (a group lacks positive or negative test labels)"
    )
    assert b.estimates["tpr_test"].value is None


def test_undefined_rate_of_a_small_group_is_none_and_insufficient():
    rng = np.random.default_rng(1)
    result = pcer_audit(_split(rng, 10, True), _split(rng, 10, False), n_boot=100)
    assert result.groups[1].tpr_test is None
    assert result.estimates["eo_gap"].status == "INSUFFICIENT_DATA"
