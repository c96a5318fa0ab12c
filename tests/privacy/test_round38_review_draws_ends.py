"""Round 38 review of 39045595: PCER's percentile ends read from partitions
(``_percentile_ends``) equal numpy's ``linear`` quantiles of the draws bit for bit in the
cases its helper's test did not name: positions that are whole numbers ((n − 1)·α = 1 at
n = 41, 95%), levels 0 (both ends the median) and 1 (the extreme draws), constant and
two-valued columns (every draw tied), one column alone, and the wanted columns picked out of
others holding NaN (only finite columns are asked for)."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.privacy import _pcer


def _draws(n: int, kind: str) -> np.ndarray:
    rng = np.random.default_rng(n)
    if kind == "tied":
        return rng.choice([0.0, 0.25, 1.0], size=(n, 4))
    if kind == "constant":
        return np.full((n, 4), 0.1)
    return rng.normal(size=(n, 4))


@pytest.mark.parametrize("kind", ["normal", "tied", "constant"])
@pytest.mark.parametrize(
    ("n", "level"), [(41, 0.95), (21, 0.9), (3, 0.0), (7, 1.0), (1, 0.95), (2, 0.5), (401, 0.995)]
)
def test_the_ends_are_numpys_linear_quantiles(n, level, kind):
    draws = _draws(n, kind)
    alpha = (1 - level) / 2
    want = np.quantile(draws, alpha, axis=0), np.quantile(draws, 1 - alpha, axis=0)
    got = _pcer._percentile_ends(np.ascontiguousarray(draws.T).T, np.ones(4, bool), level)
    np.testing.assert_array_equal(got, want)  # reordered in place: same ends
    one = _pcer._percentile_ends(draws[:, :1].copy(), np.ones(1, bool), level)
    np.testing.assert_array_equal(one, (want[0][:1], want[1][:1]))
    with_nan = draws.copy()
    with_nan[0, 1] = np.nan  # a column not asked for: left out, NaN ends
    low, high = _pcer._percentile_ends(with_nan, np.array([True, False, True, True]), level)
    assert np.isnan(low[1]) and np.isnan(high[1])
    np.testing.assert_array_equal(low[[0, 2, 3]], want[0][[0, 2, 3]])
    np.testing.assert_array_equal(high[[0, 2, 3]], want[1][[0, 2, 3]])


def test_both_order_statistics_of_an_end_are_selected():
    # mid levels put the two positions an end reads deep inside the draws: a partition at one
    # of them alone leaves the other wrong here (1 column of 50 at n = 4,001, level 0.5)
    draws = np.random.default_rng(4001).normal(size=(4001, 50))
    low, high = _pcer._percentile_ends(draws.copy(), np.ones(50, bool), 0.5)
    np.testing.assert_array_equal(low, np.quantile(draws, 0.25, axis=0))
    np.testing.assert_array_equal(high, np.quantile(draws, 0.75, axis=0))
