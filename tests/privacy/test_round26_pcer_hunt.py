"""Round 26 (PCER hunt): ``membership_inference`` called on its own withholds the attack on a
group below the default Policy's PCER floor (30 rows per split), as ``pcer_audit`` does: an
AUC of two members and two non-members was REPORTED (0.75)."""

from __future__ import annotations

import numpy as np

from ethiclens.fairness import INSUFFICIENT_DATA, REPORTED
from ethiclens.privacy import SplitPredictions, membership_inference


def _split(seed, tiny=2):
    rng = np.random.default_rng(seed)
    n = 300
    groups = rng.choice(["a", "b"], n).astype(object)
    groups[:tiny] = "c"
    y = rng.integers(0, 2, n)
    return SplitPredictions(y, np.where(rng.random(n) < 0.8, y, 1 - y), groups, rng.random(n))


def test_the_attack_alone_withholds_a_tiny_group():
    res = membership_inference(_split(1), _split(2), positive_rates=None)
    tiny = next(g for g in res.groups if g.group == "c")
    assert tiny.status == INSUFFICIENT_DATA and tiny.auc is None and tiny.advantage is None
    assert "below the floor of 30 rows per split" in tiny.reason
    assert all(g.status == REPORTED for g in res.groups if g.group != "c")
    # min_group_size=1: no floor, as asked
    res = membership_inference(_split(1), _split(2), min_group_size=1)
    assert next(g for g in res.groups if g.group == "c").status == REPORTED
