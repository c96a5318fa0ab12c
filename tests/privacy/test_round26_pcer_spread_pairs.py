"""Round 26 (PCER speed): the spreads' pair intervals are folded a chunk of pairs at a time
(arrays, no Python step per pair: 1,000 groups' 499,500 pairs) with the numbers and method
words of the one-pair-at-a-time fold, on plain, degenerate, extended, non-finite-draw and
undefined pairs."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.privacy import _pcer as P


def _one_at_a_time(signed, level):
    """The fold as written before round 26's vectorisation: each pair's interval alone."""
    lows, highs, values, notes = [], [], [], set()
    plain = P._method_name("jeffreys")
    point, boot = signed.stats
    first, second = np.triu_indices(signed.n, 1)
    for k in signed.keys:
        for i, j in zip(first.tolist(), second.tolist(), strict=True):
            value = float(point[k][i] - point[k][j])
            low, high, method = P._interval(value, boot[k][:, i] - boot[k][:, j], "jeffreys", level)
            if low is None or high is None:
                return None, None, method
            lows.append(0.0 if low <= 0 <= high else min(abs(low), abs(high)))
            highs.append(max(abs(low), abs(high)))
            values.append(abs(value))
            if method != plain:
                notes.add(method.removeprefix(plain).lstrip("; "))
    return max(lows), max(highs), values, notes


@pytest.mark.parametrize("kind", range(6))
def test_chunked_fold_equals_the_pair_by_pair_fold(kind):
    rng = np.random.default_rng(kind)
    for _ in range(4):
        k, nb = int(rng.integers(2, 9)), int(rng.choice([100, 400]))
        pt = {key: rng.normal(size=k) for key in ("pcer", "tpr_test", "fpr_test")}
        bt = {key: pt[key] + rng.normal(scale=0.3, size=(nb, k)) for key in pt}
        for key in pt:
            if kind == 1:
                bt[key][:, :2] = pt[key][:2]  # degenerate pairs
            elif kind == 2:
                bt[key][:, 1] += 5  # pairs whose interval is extended to the estimate
            elif kind == 3:
                bt[key][3, 0] = np.nan  # a non-finite draw
            elif kind == 4 and key == "fpr_test":
                pt[key][1] = np.nan  # an undefined estimate
        for keys in (("pcer",), ("tpr_test", "fpr_test")):
            signed = P._PairDiffs((pt, bt), k, keys)
            m = len(signed)
            level = P.CI_LEVEL if m <= 1 else 1 - (1 - P.CI_LEVEL) / m
            low, high, method = P._folded_interval(signed, "jeffreys", "pairs")
            ref = _one_at_a_time(signed, level)
            if ref[0] is None:
                assert (low, high, method) == ref
                continue
            want = P._contain(ref[0], ref[1], "x", max(ref[2]))
            assert (low, high) == want[:2] and type(low) is type(want[0])
            for note in ref[3]:
                assert note in method
