"""Round 41: train_dp_mlp ignored its ``dataset`` (the run recorded ``data.dataset``) while
train_many recorded the ``dataset_name`` it was given, so the same call labelled one split's run
'toy' with one trainer and 'adult' with the other (and train_many's run.dataset disagreed with its
own run.data.dataset). Now both trainers refuse a name that is not their data's, naming the
argument, and record the same label."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many

from ._toy import toy_split as _data

CONFIG = TrainConfig(epochs=1, batch_size=8)


@pytest.mark.parametrize("name", ["adult", None, "", "TOY"])
def test_a_name_that_is_not_the_datas_is_refused_by_both_trainers(name):
    with pytest.raises(EthicLensInputError, match="names another dataset") as one:
        train_dp_mlp(name, epsilon=None, seed=0, config=CONFIG, data=_data())
    assert one.value.column == "dataset" and "dataset='toy'" in one.value.fix
    with pytest.raises(EthicLensInputError, match="names another dataset") as many:
        train_many(name, epsilon=None, seeds=[0], datas=[_data()], config=CONFIG)
    assert many.value.column == "dataset_name" and "dataset_name='toy'" in many.value.fix


def test_splits_of_two_datasets_in_one_call_are_refused():
    with pytest.raises(EthicLensInputError, match=r"another dataset than its prepared data \('b'"):
        train_many("a", epsilon=None, seeds=[0, 1], datas=[_data("a"), _data("b")], config=CONFIG)


def test_both_trainers_record_the_same_label():
    one = train_dp_mlp("toy", epsilon=None, seed=0, config=CONFIG, data=_data())
    many = train_many(np.str_("toy"), epsilon=None, seeds=[0], datas=[_data()], config=CONFIG)[0]
    assert one.dataset == many.dataset == many.data.dataset == "toy"
