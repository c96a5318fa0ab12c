"""Round 39: a set (or dict) given as ``group_order`` was accepted and its iteration order
taken as the order; a set of strings iterates in a per-process hash order, so ΔPCER's sign
changed with PYTHONHASHSEED. Refused now, on both faces that take a group order."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit


def _split(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 80)
    return SplitPredictions(
        y_true=y,
        y_pred=np.where(rng.random(80) < 0.8, y, 1 - y),
        groups=np.repeat(["a", "b"], 40),
        loss=rng.random(80),
    )


@pytest.mark.parametrize("order", [{"a", "b"}, frozenset({"a", "b"}), {"b": 0, "a": 1}])
@pytest.mark.parametrize("face", [pcer_audit, membership_inference])
def test_unordered_group_order_refused(face, order):
    with pytest.raises(EthicLensInputError) as info:
        face(_split(0), _split(1), group_order=order)
    assert info.value.column == "group_order"
    assert "its order is not the one you wrote" in str(info.value)


def test_sequences_still_taken():
    result = pcer_audit(_split(0), _split(1), group_order=np.array(["b", "a"]), n_boot=100)
    assert result.group_order == ("b", "a")
    again = pcer_audit(_split(0), _split(1), group_order=iter(["b", "a"]), n_boot=100)
    assert again.group_order == ("b", "a")
