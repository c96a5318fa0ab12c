"""Round 39: TrainConfig's δ given as text ('1e-5') or a Decimal crashed both trainers with a
TypeError ('<' not supported between 'int' and 'str'; numpy's log of a Decimal); a float32 δ of
1e-5 (9.9999997e-06) made Opacus's PRV accountant refuse ε = 1 with an empty reason, and numpy
floats in a TrainConfig made its to_dict() no JSON. Now a non-number δ is refused naming
``delta``, and numpy floats are the decimal they print as."""

import json
from decimal import Decimal

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many

from ._toy import toy_split as _data


@pytest.mark.parametrize("delta", ["1e-5", Decimal("1e-5"), None, [1e-5]])
def test_delta_not_a_number_refused_by_both_trainers(delta):
    config = TrainConfig(delta=delta, epochs=1, batch_size=8)
    with pytest.raises(EthicLensInputError) as one:
        train_dp_mlp("toy", epsilon=1.0, seed=0, config=config, data=_data())
    with pytest.raises(EthicLensInputError) as many:
        train_many("toy", epsilon=1.0, seeds=[0], datas=[_data()], config=config)
    for info in (one, many):
        assert info.value.column == "delta"
        assert "δ must be a finite number" in info.value.problem  # round 49: the grid's words


def test_numpy_floats_are_the_decimals_they_print_as():
    config = TrainConfig(
        delta=np.float32(1e-5),
        lr=np.float32(0.05),
        momentum=np.float16(0.9),
        max_grad_norm=np.float64(1.0),
        test_size=np.float32(0.3),
    )
    assert (config.delta, config.lr, config.momentum, config.test_size) == (1e-5, 0.05, 0.9, 0.3)
    assert all(type(v) is float for v in (config.delta, config.lr, config.max_grad_norm))
    assert json.loads(json.dumps(config.to_dict()))["delta"] == 1e-5
    assert config == TrainConfig()  # the paper's settings, as written
