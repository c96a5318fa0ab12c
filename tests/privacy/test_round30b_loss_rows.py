"""Round 30: losses of another length than the split's rows were refused without a fix
("loss has 199 rows, not 200"), unlike every other field of a split."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit

N = 200
G = np.array(["a", "b"])[np.arange(N) % 2]
R = np.random.default_rng(0)


def test_losses_of_another_length_are_refused_with_the_fix():
    train = SplitPredictions(R.integers(0, 2, N), R.integers(0, 2, N), G, np.ones(N - 1))
    test = SplitPredictions(R.integers(0, 2, N), R.integers(0, 2, N), G, np.ones(N))
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(train, test, n_boot=100)
    assert str(err.value).startswith("argument 'loss': train split: loss has 199 rows, not 200")
    assert err.value.fix == "pass one loss per row of the split (the rows of y_true)", err.value
