"""Round 40: ``test_size`` (and ``max_rows``) of a Python caller are refused in EthicLens's
words, naming the argument, as the sweep grid refuses them (sklearn's errors named its own)."""

import math

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import prepare
from ethiclens.experiments._pcer_data import _split_rows
from ethiclens.privacy import OPTIMIZER_RANGES, TrainConfig
from ethiclens.privacy._dpsgd import check_settings


class _Rows:
    """A stand-in dataset for the split: 40 rows, labels alternating."""

    def __init__(self, n=40):
        import pandas as pd

        self.label = pd.Series(np.arange(n) % 2)

    def __len__(self):
        return len(self.label)


@pytest.mark.parametrize("bad", [1.5, 0.0, -0.1, math.nan, math.inf, True, "0.3", 1, 0.95])
def test_prepare_refuses_a_bad_test_size_before_loading(bad):
    with pytest.raises(EthicLensInputError) as info:
        prepare("compas", 0, test_size=bad, dataset=object())  # the data is never read
    msg = str(info.value)
    assert msg.startswith("argument 'test_size': must be a number in (0, 0.9]"), msg
    assert "e.g. test_size=0.3" in msg


@pytest.mark.parametrize("bad", [0, -5, True, 1.5, "100"])
def test_split_refuses_a_bad_max_rows(bad):
    with pytest.raises(EthicLensInputError, match="argument 'max_rows': must be a positive"):
        _split_rows(_Rows(), 0, 0.3, bad)


@pytest.mark.parametrize("max_rows, test_size", [(1, 0.3), (3, 0.3), (None, 0.01)])
def test_too_few_rows_for_a_stratified_split_are_named(max_rows, test_size):
    with pytest.raises(EthicLensInputError, match="cannot be split at test_size") as info:
        _split_rows(_Rows(), 0, test_size, max_rows)
    assert info.value.column == ("test_size" if max_rows is None else "max_rows")


def test_a_good_split_is_unchanged():
    tr, te = _split_rows(_Rows(), 0, 0.3, np.int64(20))
    assert (len(tr), len(te)) == (14, 6)


def test_grid_and_trainer_share_the_test_size_bounds():
    from ethiclens.experiments._grid import TRAIN_RANGES

    assert OPTIMIZER_RANGES["test_size"] == (0, 0.9, False)
    assert TRAIN_RANGES["test_size"] == ("float", 0, 0.9, False)


def test_trainer_refuses_a_config_with_a_bad_test_size():
    # train_dp_mlp's and train_many's own check (before torch is touched)
    config = TrainConfig(test_size=2.0, batch_size=4, epochs=1)
    with pytest.raises(EthicLensInputError, match="argument 'test_size': must be a number"):
        check_settings(20, config)
    assert check_settings(20, TrainConfig(test_size=np.float32(0.3), batch_size=4)) == 0.2
