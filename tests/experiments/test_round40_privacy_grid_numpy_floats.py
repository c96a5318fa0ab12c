"""Round 40: a sweep grid built in Python with NumPy floats: a float32 ε of 0.1 was stored as
0.10000000149011612 (another run key than 0.1), and a float32 lr/δ/test_size in ``train`` was
refused as "must be a number" though TrainConfig takes it. Both now read as the decimal they
print as, as TrainConfig reads them."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid


def test_float32_budgets_are_the_decimals_written():
    grid = SweepGrid(datasets=["compas"], epsilons=[np.float32(0.1), np.float16(0.5), None])
    assert grid.epsilons == [0.1, 0.5, None]
    assert all(type(e) is float for e in grid.epsilons[:2])
    assert grid.units() == SweepGrid(datasets=["compas"], epsilons=[0.1, 0.5, None]).units()


def test_float32_train_settings_are_taken():
    train = {"lr": np.float32(0.05), "delta": np.float32(1e-5), "test_size": np.float32(0.3)}
    config = SweepGrid(datasets=["compas"], train=train).train_config()
    assert (config.lr, config.delta, config.test_size) == (0.05, 1e-5, 0.3)


@pytest.mark.parametrize("bad", [np.float32("nan"), np.float32("inf"), np.float64(-1.0)])
def test_bad_numpy_floats_still_refused(bad):
    with pytest.raises(EthicLensInputError, match="train.lr"):
        SweepGrid(datasets=["compas"], train={"lr": bad})
    if np.isposinf(bad):  # round 41: ε = +∞ is no DP on every face (docs/pcer.md)
        assert SweepGrid(datasets=["compas"], epsilons=[bad]).epsilons == [None]
        return
    with pytest.raises(EthicLensInputError, match="epsilons"):
        SweepGrid(datasets=["compas"], epsilons=[bad])
