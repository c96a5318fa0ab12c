"""membership_inference given losses on one split only names that split's argument as
pcer_audit does ('test.loss'; was "argument 'loss': ... on both splits", the words kept for
splits without any loss)."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit


def _split(name, loss):
    rng = np.random.default_rng(len(name))
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    groups = np.array(["a", "b"])[rng.integers(0, 2, 200)]
    return SplitPredictions(y, p, groups, loss=rng.random(200) if loss else None, name=name)


@pytest.mark.parametrize("lossless", ["train", "test"])
def test_one_split_without_losses_is_named_alike(lossless):
    train, test = _split("train", lossless != "train"), _split("test", lossless != "test")
    refusals = []
    for call in (membership_inference, pcer_audit):
        with pytest.raises(EthicLensInputError) as info:
            call(train, test)
        refusals.append(str(info.value))
    assert refusals[0] == refusals[1]
    assert refusals[0].startswith(f"argument '{lossless}.loss': ")
