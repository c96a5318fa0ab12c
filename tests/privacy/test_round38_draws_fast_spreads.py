"""Round 38 (draws): PCER's spreads read two quantiles of each pair's signed-difference draws
at the Bonferroni level; they were taken from a full sort of every pair's draws (47 groups at
default settings: 4,324 differences of 43,240 draws, 21 of the audit's 24 s sorting). Now a
partition at the four order statistics the quantiles read gives the same numbers bit for bit
(47 groups: about 6 s measured on the shared machine)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ethiclens.fairness import bootstrap_intervals
from ethiclens.privacy import SplitPredictions, _pcer, pcer_audit


def _splits(k: int, seed: int, per: int = 30):
    rng = np.random.default_rng(seed)

    def split(n):
        y = rng.integers(0, 2, n)
        p = np.where(rng.random(n) < 0.85, y, 1 - y)
        at = np.arange(n) % k
        p[at == 1] = y[at == 1]  # a group the model never errs on: intervals on a boundary
        return SplitPredictions(y, p, [f"g{i:02d}" for i in at])

    return split(k * per), split(k * per)


def _sorted_ends(draws, columns, level):
    """The ends as the spreads took them before: the percentile batch of fairness' intervals."""
    batch = bootstrap_intervals(
        np.zeros(draws.shape[1]), draws, method="percentile", level=level, columns=columns
    )
    return batch.low, batch.high


@pytest.mark.parametrize("level", [0.95, 0.975, 1 - 0.05 / 56, 1 - 0.05 / 4324, 0.5, 0.999999])
@pytest.mark.parametrize("n", [1, 2, 100, 1001])
def test_the_partitioned_ends_are_the_sorted_ones_bit_for_bit(level, n):
    rng = np.random.default_rng(n)
    draws = rng.normal(size=(n, 7)).round(2)  # ties, as rates of few rows have
    columns = np.array([True, True, False, True, True, True, True])
    want = _sorted_ends(draws.copy(), columns, level)
    got = _pcer._percentile_ends(draws.copy(), columns, level)
    np.testing.assert_array_equal(got, want)  # NaN where not asked, equal elsewhere
    whole = np.ascontiguousarray(draws.T).T  # each column contiguous: partitioned in place
    np.testing.assert_array_equal(
        _pcer._percentile_ends(whole, np.ones(7, bool), level),
        _sorted_ends(draws.copy(), np.ones(7, bool), level),
    )


@pytest.mark.parametrize(("k", "seed", "ci"), [(2, 0, "jeffreys"), (8, 3, "percentile")])
def test_the_audit_is_the_one_the_sorted_ends_gave(monkeypatch, k, seed, ci):
    splits = _splits(k, seed)
    new = pcer_audit(*splits, random_state=seed, ci=ci).to_dict()
    monkeypatch.setattr(_pcer, "_percentile_ends", _sorted_ends)
    old = pcer_audit(*splits, random_state=seed, ci=ci).to_dict()
    assert json.dumps(new, sort_keys=True) == json.dumps(old, sort_keys=True)
    assert new["statistics"]["eo_gap"]["ci_low"] is not None
