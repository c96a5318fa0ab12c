"""Round 33 review (privacy): a setting train_dp_mlp does not take (``epoch=1`` for
``epochs``) is refused as pcer_audit refuses one: UnknownKeywordError (an EthicLensInputError,
still a TypeError) with the closest TrainConfig field; it was the dataclass's bare TypeError
'TrainConfig.__init__() got an unexpected keyword argument'. Known settings still train."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import UnknownKeywordError
from ethiclens.privacy import train_dp_mlp

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def data():
    from ethiclens.experiments import prepare

    return prepare("compas", 0)


def test_unknown_setting_names_the_closest(data):
    with pytest.raises(UnknownKeywordError) as info:
        train_dp_mlp("compas", data=data, epsilon=None, seed=0, epoch=1)
    assert isinstance(info.value, TypeError)
    assert str(info.value).startswith(
        "train_dp_mlp() got an unexpected keyword argument 'epoch'; did you mean 'epochs'?"
    )


def test_unknown_setting_wins_over_a_bad_seed(data):
    with pytest.raises(UnknownKeywordError, match="'lrate'"):
        train_dp_mlp("compas", data=data, epsilon=None, seed=-1, lrate=0.1)


def test_known_setting_still_trains(data):
    run = train_dp_mlp("compas", data=data, epsilon=None, seed=0, epochs=1, lr=0.05)
    assert run.seed == 0


@pytest.mark.parametrize(
    ("fault", "argument"),
    [({"data": None}, "data"), ({"config": {}}, "config"), ({"epsilon": -1}, "epsilon")],
)
def test_a_bad_seed_leaves_the_earlier_refusals_first(data, fault, argument):
    # round 33 added the seed's check: with another fault present, that one is still named
    # first, as before (config first, as train_many names it before its seeds)
    kwargs = {"data": data, "epsilon": None, "seed": -1, "epochs": 1, **fault}
    with pytest.raises(EthicLensInputError, match=rf"^(column|argument) '{argument}': "):
        train_dp_mlp("compas", **kwargs)
