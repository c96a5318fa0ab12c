"""Round 30: a group's mean loss whose sum overflows (finite per-example losses near the
float maximum, 1e308) was inf, written as null (undefined) with an overflow warning; it is the
finite mean of finite losses."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from ethiclens.privacy import SplitPredictions, pcer_audit


@pytest.mark.parametrize("loss", [1e308, np.finfo(float).max])
def test_the_mean_of_huge_finite_losses_is_finite(loss):
    n = 40
    y, g = np.array([0, 1] * (n // 2)), np.array(["a"] * (n // 2) + ["b"] * (n // 2))
    train = SplitPredictions(y, y, g, loss=np.full(n, loss))
    test = SplitPredictions(y, 1 - y, g, loss=np.linspace(0.1, 1, n))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = pcer_audit(train, test, n_boot=100)
    for row in result.groups:
        assert row.mean_loss_train == pytest.approx(loss, rel=1e-12), row
        assert row.to_dict()["mean_loss_train"] == pytest.approx(loss, rel=1e-12), row
