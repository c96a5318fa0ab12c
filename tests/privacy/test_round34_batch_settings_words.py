"""Round 34: train_dp_mlp and train_many refused a bad ``epochs`` or ``batch_size`` as
``column 'epochs'`` (a Python argument, no data column), and a numpy whole number
(``epochs=np.int64(2)``, as a notebook's arithmetic gives) as "must be a whole number (value:
2)". The refusal names the argument, and a numpy whole number is the number it is (an int in
the config and its JSON)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig, check_batch_settings


@pytest.mark.parametrize(("name", "value"), [("epochs", 0), ("batch_size", -1), ("epochs", 2.5)])
def test_a_bad_setting_is_named_as_an_argument(name, value):
    with pytest.raises(EthicLensInputError) as err:
        check_batch_settings(TrainConfig(**{name: value}))
    assert str(err.value).startswith(f"argument '{name}': "), str(err.value)


def test_numpy_whole_numbers_are_taken_as_ints():
    config = TrainConfig(epochs=np.int64(2), batch_size=np.int32(64))
    check_batch_settings(config)
    assert type(config.epochs) is int and type(config.batch_size) is int
    assert json.loads(json.dumps(config.to_dict()))["epochs"] == 2


def test_train_dp_mlp_names_the_argument():
    pytest.importorskip("torch")
    from ethiclens.experiments import prepare
    from ethiclens.privacy import train_dp_mlp

    data = prepare("compas", 0)
    with pytest.raises(EthicLensInputError, match=r"^argument 'batch_size': sample rate"):
        train_dp_mlp("compas", data=data, epsilon=None, seed=0, batch_size=10**6)
    with pytest.raises(EthicLensInputError, match=r"^argument 'epochs': epochs must be"):
        train_dp_mlp("compas", data=data, epsilon=None, seed=0, epochs=0)
