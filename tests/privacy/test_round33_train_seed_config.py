"""Round 33 (privacy): ``train_dp_mlp`` checks its seed as ``train_many`` (``seeds``) and ``pcer
train --seed`` do: a non-negative whole number below 2**32 (seed=-1 and seed=1.0 trained,
the run recording -1 or 1.0; 2**70 reached torch). A ``config`` that is no TrainConfig (a dict
of settings) is refused naming ``config`` on both trainers (AttributeError 'dict' object has no
attribute 'hidden'; an empty dict or 0 was read as the defaults). Refused before training."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def data():
    from ethiclens.experiments import prepare

    return prepare("compas", 0)


@pytest.mark.parametrize("seed", [-1, 1.0, 2**70, True, "0", None], ids=repr)
def test_seed_refused_as_train_many_refuses_it(data, seed):
    with pytest.raises(EthicLensInputError, match=r"^argument 'seed': ") as info:
        train_dp_mlp("compas", data=data, epsilon=None, seed=seed, epochs=1)
    with pytest.raises(EthicLensInputError) as many:
        train_many("compas", epsilon=None, seeds=[seed], datas=[data])
    assert info.value.problem == many.value.problem


@pytest.mark.parametrize("config", [{"epochs": 1}, {}, 0, "paper"], ids=repr)
def test_config_of_another_type_refused(data, config):
    for train in (
        lambda: train_dp_mlp("compas", data=data, epsilon=None, seed=0, config=config),
        lambda: train_many("compas", epsilon=None, seeds=[0], datas=[data], config=config),
    ):
        with pytest.raises(EthicLensInputError, match=r"^argument 'config': .*TrainConfig"):
            train()


def test_valid_seed_and_config_still_train(data):
    run = train_dp_mlp("compas", data=data, epsilon=None, seed=3, config=TrainConfig(epochs=1))
    assert run.seed == 3 and isinstance(run.seed, int)
