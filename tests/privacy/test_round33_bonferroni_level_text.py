"""Round 33 (privacy): the spreads' ci_method names its Bonferroni level in digits that tell it
from 1: past 1,000 signed differences (46 groups for the DP-Gap, 1 − 0.05/1035 = 0.99995) it
read 'each at the Bonferroni level 1 − 0.05/1035 = 1', a level no interval has. Levels that
printed apart from 1 keep their four digits (0.975, 0.9958)."""

from __future__ import annotations

import re

import numpy as np

from ethiclens.privacy import SplitPredictions, pcer_audit, pcer_policy


def _audit(k: int):
    rng = np.random.default_rng(0)

    def split(n, acc):
        g = np.array([f"g{i:03d}" for i in np.arange(n) % k])
        y = rng.integers(0, 2, n)
        return SplitPredictions(y, np.where(rng.random(n) < acc, y, 1 - y), g)

    return pcer_audit(split(10 * k, 0.95), split(8 * k, 0.8), n_boot=100, policy=pcer_policy(1))


def _level(method: str) -> str:
    return re.search(r"Bonferroni level 1 − 0\.05/\d+ = (\S+) so", method).group(1)


def test_many_pairs_name_a_level_below_one():
    estimates = _audit(46).estimates
    assert _level(estimates["dp_gap"].ci_method) == "0.99995"  # m = 1,035
    assert _level(estimates["eo_gap"].ci_method) == "0.99998"  # m = 2,070
    assert "= 1 so" not in estimates["dispersion"].ci_method


def test_few_pairs_keep_four_digits():
    estimates = _audit(4).estimates
    assert _level(estimates["dp_gap"].ci_method) == "0.9917"  # m = 6
    assert _level(estimates["eo_gap"].ci_method) == "0.9958"  # m = 12
