"""Round 20 (R2): a weight or score past float's range (10**400) in Python is refused as not
finite, as every other out-of-range value is, not an OverflowError traceback."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 400


def _arrays():
    r = np.random.default_rng(0)
    return r.integers(0, 2, N), r.integers(0, 2, N), r.choice(["a", "b"], N)


@pytest.mark.parametrize("big", [10**400, -(10**400)])
def test_a_huge_whole_weight_is_refused_as_not_finite(big):
    y, p, g = _arrays()
    weights = [1] * (N - 1) + [big]
    with pytest.raises(EthicLensInputError, match="weights must be finite and >= 0; 1 are not"):
        ethiclens.audit(y, p, g, sample_weight=weights, n_boot=200)
