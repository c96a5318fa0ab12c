"""Round 32 (PCER from arrays): a float group column's -0.0 is the group 0.0, as the fairness
audit reads it (it adds 0.0 to a float column): train starting with -0.0 and test with 0.0
were refused as 'train and test write one group differently (train '-0.0', test '0.0')', and
one split of both was one group named by its first row ('-0.0'). Files keep their words
(round 29b: a column written both ways is refused)."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.privacy import SplitPredictions, pcer_audit


def _split(rng, first, dtype=np.float64):
    groups = rng.choice([0.0, 1.0], 200).astype(dtype)
    groups[0] = first
    y = rng.integers(0, 2, 200)
    return SplitPredictions(y, np.where(rng.random(200) < 0.8, y, 1 - y), groups)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("first", [(-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0)])
def test_negative_zero_is_the_group_zero(first, dtype):
    rng = np.random.default_rng(0)
    train, test = (_split(rng, f, dtype) for f in first)
    result = pcer_audit(train, test, n_boot=100)
    assert result.group_order == ("0.0", "1.0")


def test_same_numbers_same_result_whatever_the_sign_of_zero():
    rng = np.random.default_rng(1)
    train, test = _split(rng, 0.0), _split(rng, 0.0)
    signed = SplitPredictions(
        train.y_true, train.y_pred, np.where(train.groups == "0.0", -0.0, 1.0)
    )
    plain = pcer_audit(train, test, n_boot=100).to_dict()
    assert pcer_audit(signed, test, n_boot=100).to_dict() == plain
