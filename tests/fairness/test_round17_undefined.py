"""Exactly 1% undefined draws is within the documented rule ("more than 1%" withholds the
interval): a float share read 1 of 100 as 0.010000000000000009 and withheld it, on every
interval path (the kit's equal-tailed intervals, BCa/percentile)."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.fairness._bootstrap import bootstrap_interval
from ethiclens.fairness._intervals import equal_tailed


def _draws(n_draws: int, n_undefined: int) -> np.ndarray:
    draws = np.linspace(0.5, 1.5, n_draws)
    draws[:n_undefined] = np.nan
    return draws


@pytest.mark.parametrize("n_draws", [100, 500, 1000])
def test_exactly_one_percent_undefined_keeps_the_interval(n_draws):
    draws = _draws(n_draws, n_draws // 100)
    kit = equal_tailed(draws[:, None])
    assert np.isfinite(kit.low[0]) and "excluded" in kit.methods[0]
    for method in ("percentile", "bca"):
        one = bootstrap_interval(1.0, draws, None, None, method=method)
        assert one.low is not None, one.method


@pytest.mark.parametrize("n_draws", [100, 1000])
def test_one_draw_more_than_one_percent_withholds_it(n_draws):
    draws = _draws(n_draws, n_draws // 100 + 1)
    kit = equal_tailed(draws[:, None])
    assert np.isnan(kit.low[0]) and "not reported" in kit.methods[0]
    one = bootstrap_interval(1.0, draws, None, None, method="percentile")
    assert one.low is None and "not reported" in one.method
