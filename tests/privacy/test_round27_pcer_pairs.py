"""Round 27: the pairwise differences behind the spreads' intervals (dispersion, DP-Gap,
EO-Gap) are read off each group's row of draws, in blocks; the same numbers as a plain
per-pair reference."""

import numpy as np
import pytest

from ethiclens.privacy import SplitPredictions, pcer_audit
from ethiclens.privacy._pcer import (
    AUDIT_SETTINGS,
    CI_LEVEL,
    _pairwise_components,
    _statistics_and_draws,
)


def _splits(n_groups: int, per_group: int, seed: int):
    rng = np.random.default_rng(seed)

    def split(n):
        y = rng.integers(0, 2, n)
        return SplitPredictions(
            y, np.where(rng.random(n) < 0.8, y, 1 - y), [f"g{i % n_groups}" for i in range(n)]
        )

    return split(n_groups * per_group), split(n_groups * per_group)


def _draws(n_groups: int) -> int:
    """150 draws, or the 40 per pair the EO-Gap's Bonferroni level needs (13 groups: 3,120)."""
    return max(150, 20 * n_groups * (n_groups - 1))


def _stats(n_groups, seed, ci="jeffreys"):
    train, test = _splits(n_groups, 40, seed)
    settings = {**AUDIT_SETTINGS, "n_boot": _draws(n_groups), "random_state": seed, "ci": ci}
    return _statistics_and_draws(train, test, None, 1e-3, settings)[2]


@pytest.mark.parametrize(("n_groups", "size"), [(2, 2048), (5, 3), (9, 1), (9, 4), (13, 2048)])
def test_pair_blocks_are_every_pair_in_order(n_groups, size):
    point, boot = stats = _stats(n_groups, n_groups)
    first, second = np.triu_indices(n_groups, 1)
    for name, diffs in _pairwise_components(stats, n_groups).items():
        got = list(diffs.chunks(size))
        points = np.concatenate([p for p, _ in got])
        draws = np.concatenate([d for _, d in got], axis=1)
        keys = diffs.keys
        want_points = np.concatenate([point[k][first] - point[k][second] for k in keys])
        want_draws = np.concatenate([boot[k][:, first] - boot[k][:, second] for k in keys], 1)
        assert len(points) == len(diffs), name
        np.testing.assert_array_equal(points, want_points)
        np.testing.assert_array_equal(draws, want_draws)


def _reference_fold(point, boot, keys, n_groups):
    """max |s| over pairs, folded Bonferroni percentile intervals, one pair at a time."""
    pairs = [(i, j) for i in range(n_groups) for j in range(i + 1, n_groups)]
    m = len(pairs) * len(keys)
    level = CI_LEVEL if m <= 1 else 1 - (1 - CI_LEVEL) / m
    alpha = (1 - level) / 2
    lows, highs = [], []
    for k in keys:
        for i, j in pairs:
            value = point[k][i] - point[k][j]
            low, high = np.quantile(boot[k][:, i] - boot[k][:, j], [alpha, 1 - alpha])
            low, high = min(low, value), max(high, value)
            lows.append(0.0 if low <= 0 <= high else min(abs(low), abs(high)))
            highs.append(max(abs(low), abs(high)))
    return max(lows), max(highs)


@pytest.mark.parametrize(("n_groups", "seed", "ci"), [(3, 1, "jeffreys"), (6, 2, "percentile")])
def test_spread_intervals_match_a_per_pair_reference(n_groups, seed, ci):
    train, test = _splits(n_groups, 40, seed)
    result = pcer_audit(train, test, n_boot=_draws(n_groups), random_state=seed, ci=ci)
    point, boot = _stats(n_groups, seed, ci)
    for name, keys in [
        ("dispersion", ("pcer",)),
        ("dp_gap", ("positive_rate",)),
        ("eo_gap", ("tpr_test", "fpr_test")),
    ]:
        est = result.estimates[name]
        low, high = _reference_fold(point, boot, keys, n_groups)
        assert est.ci_low == pytest.approx(low, abs=1e-12), name
        assert est.ci_high == pytest.approx(high, abs=1e-12), name
