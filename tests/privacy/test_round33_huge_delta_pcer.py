"""Round 33 (privacy): membership_inference refuses a delta_pcer that is a whole number past a
double's range (10**400) as not finite, naming the argument; it raised OverflowError ('int too
large to convert to float') from math.isfinite."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference


def _split(n, seed):
    rng = np.random.default_rng(seed)
    y, pred = rng.integers(0, 2, n), rng.integers(0, 2, n)
    return SplitPredictions(y, pred, rng.choice(["a", "b"], n), loss=rng.random(n))


@pytest.mark.parametrize("value", [10**400, -(10**400)], ids=["plus", "minus"])
def test_delta_pcer_past_a_double_is_refused(value):
    with pytest.raises(EthicLensInputError, match="argument 'delta_pcer': must be a finite"):
        membership_inference(_split(200, 0), _split(100, 1), delta_pcer=value)


def test_a_large_whole_delta_pcer_still_compares():
    rates = {"a": 0.5, "b": 0.4}
    result = membership_inference(
        _split(200, 0), _split(100, 1), positive_rates=rates, delta_pcer=10**300
    )
    assert result.delta_pcer == 1e300
