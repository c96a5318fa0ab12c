"""Round 27: pcer_audit's arguments as an adversarial caller gives them."""

import warnings

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit

N = 200


def _splits(loss=False):
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, N), rng.integers(0, 2, N)
    groups = np.array(["a", "b"] * (N // 2))
    extra = {"loss": rng.random(N)} if loss else {}
    train = SplitPredictions(y, p, groups, **extra)
    test = SplitPredictions(y, 1 - p, groups, **extra)
    return train, test


@pytest.mark.parametrize("order", [5, 2.5, True])
def test_a_group_order_that_is_no_sequence_is_refused_naming_it(order):
    for audit in (pcer_audit, membership_inference):
        with pytest.raises(EthicLensInputError) as err:
            audit(*_splits(loss=True), group_order=order)
        assert err.value.column == "group_order"
        assert "sequence of group names" in err.value.problem
        assert err.value.value == order


def test_complex_losses_are_refused_not_cut_to_their_real_part():
    rng = np.random.default_rng(1)
    loss = rng.random(N).astype(complex)
    loss[7] += 1j
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no ComplexWarning: a refusal
        with pytest.raises(EthicLensInputError) as err:
            SplitPredictions(np.zeros(N, int), np.zeros(N, int), ["a"] * N, loss=loss, name="train")
    assert err.value.column == "loss"
    assert "1 loss value(s) are not real numbers, first at row 7" in err.value.problem
    # a complex array whose imaginary parts are all 0 holds real losses: read as they are
    split = SplitPredictions([0, 1], [0, 1], ["a", "a"], loss=np.array([0.5, 1.5], complex))
    np.testing.assert_array_equal(split.loss, [0.5, 1.5])


def test_one_floor_constant_given_twice_has_no_slope():
    train, test = _splits()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's RankWarning of a fit through one point
        result = pcer_audit(train, test, etas=(0.01, 0.01), n_boot=100)
    assert result.scales_like_inverse_eta is None  # undefined, as with one floor constant
    assert pcer_audit(train, test, etas=(0.01,), n_boot=100).scales_like_inverse_eta is None
