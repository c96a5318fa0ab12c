"""Round 49: a single model's δ (TrainConfig.delta, train_dp_mlp and train_many) was checked to
(0, 1) ('δ must be in (0, 1)'), so δ = 1e-300 was taken until DP-SGD's accountant failed at
training and 0.05 trained, while a sweep grid refuses both at load (check_dp_delta, round 48).
The trainers now check δ with the grid's range and words before anything is trained."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid
from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many

from ._toy import toy_split as _data


@pytest.mark.parametrize("delta", [1e-300, 0.05, 0.5])
def test_the_trainers_refuse_delta_as_the_grid_does(delta):
    with pytest.raises(EthicLensInputError) as grid:
        SweepGrid(datasets=["compas"], train={"delta": delta})
    config = TrainConfig(delta=delta, epochs=1, batch_size=8)
    with pytest.raises(EthicLensInputError) as one:
        train_dp_mlp("toy", epsilon=1.0, seed=0, config=config, data=_data())
    with pytest.raises(EthicLensInputError) as many:
        train_many("toy", epsilon=1.0, seeds=[0], datas=[_data()], config=config)
    for info in (one, many):
        assert (info.value.column, info.value.kind) == ("delta", "argument")
        assert info.value.problem == grid.value.problem, (info.value.problem, grid.value.problem)
