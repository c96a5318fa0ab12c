"""Round 31: ``train_dp_mlp``/``train_many`` took DP-SGD settings a sweep grid refuses: a
negative learning rate crashed in torch (ValueError 'Invalid learning rate'), a NaN one, a
momentum of 1.5, a clipping norm C of 0 or inf (no gradient, or noise σ·C = inf, with ε still
reported) and hidden widths (0,) or () trained silently, hidden '64' raised torch's TypeError
and an unknown accountant read as 'cannot reach ε'. Each is refused before training, naming
the argument, with the grid's bounds (``pcer sweep``'s [train] table); δ outside (0, 1) is
named as an argument, not a column."""

from __future__ import annotations

import math

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many

pytest.importorskip("torch")

BAD = {
    "lr": [-1.0, 0.0, math.nan, math.inf, True, "0.05"],
    "momentum": [1.5, -0.1, math.nan],
    "max_grad_norm": [0.0, math.inf, -1.0],
    "hidden": [(0,), (), "64", (64, 2.5), (True,)],
    "accountant": ["x", None],
    "delta": [0.0, 1.0],
}


@pytest.fixture(scope="module")
def data():
    from ethiclens.experiments import prepare

    return prepare("compas", 0)


@pytest.mark.parametrize(
    ("name", "value"), [(n, v) for n, values in BAD.items() for v in values], ids=repr
)
def test_a_setting_out_of_range_is_refused_before_training(data, name, value):
    with pytest.raises(EthicLensInputError, match=rf"^argument '{name}': ") as info:
        train_dp_mlp("compas", data=data, epsilon=1.0, seed=0, epochs=1, **{name: value})
    assert ". Fix: " in str(info.value)
    with pytest.raises(EthicLensInputError, match=rf"^argument '{name}': "):
        config = TrainConfig(epochs=1, **{name: value})
        train_many("compas", epsilon=None, seeds=[0], datas=[data], config=config)


def test_the_paper_settings_still_train(data):
    run = train_dp_mlp("compas", data=data, epsilon=None, seed=0, epochs=1, momentum=0.0)
    assert run.config.momentum == 0.0
