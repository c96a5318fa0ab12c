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

    # 40 draws per pair, as the EO-Gap's level 1 − 0.05/m (m = 2 x pairs) needs (4 groups: 240)
    draws = 20 * k * (k - 1)
    return pcer_audit(split(10 * k, 0.95), split(8 * k, 0.8), n_boot=draws, policy=pcer_policy(1))


class _Estimates(dict):
    """The spreads' methods of 46 groups as the audit words them: its 41,400 draws (the EO-Gap's
    level needs them since round 37) take seconds, so the folded intervals of 100 draws of
    made-up statistics, whose methods name the same m and level."""

    def __init__(self, k: int):
        from ethiclens.fairness import MetricEstimate
        from ethiclens.privacy._pcer import _folded_interval, _pairwise_components

        rng = np.random.default_rng(0)
        keys = ("pcer", "positive_rate", "tpr_test", "fpr_test")
        stats = ({s: rng.random(k) for s in keys}, {s: rng.random((100, k)) for s in keys})
        for name, signed in _pairwise_components(stats, k).items():
            method = _folded_interval(signed, what="each of the group pairs'")[2]
            self[name] = MetricEstimate(None, None, None, method, "REPORTED")


def _level(method: str) -> str:
    return re.search(r"Bonferroni level 1 − 0\.05/\d+ = (\S+) so", method).group(1)


def test_many_pairs_name_a_level_below_one():
    estimates = _Estimates(46)
    assert _level(estimates["dp_gap"].ci_method) == "0.99995"  # m = 1,035
    assert _level(estimates["eo_gap"].ci_method) == "0.99998"  # m = 2,070
    assert "= 1 so" not in estimates["dispersion"].ci_method


def test_few_pairs_keep_four_digits():
    estimates = _audit(4).estimates
    assert _level(estimates["dp_gap"].ci_method) == "0.9917"  # m = 6
    assert _level(estimates["eo_gap"].ci_method) == "0.9958"  # m = 12
