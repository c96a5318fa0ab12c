"""Round 27: ``pcer train`` and ``pcer sweep`` requests given through the library."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import TrainRequest, sweep_grid
from ethiclens.experiments._pcer_commands import _check_train_request


@pytest.mark.parametrize("positive", ["favourable", "yes", "Harmful"])
def test_a_positive_direction_of_neither_word_is_refused_not_read_as_harmful(positive):
    # any word but "favorable" used to word a benefit as a harm, unsaid
    with pytest.raises(EthicLensInputError) as err:
        _check_train_request(TrainRequest("compas", positive=positive))
    assert err.value.column == "--positive"
    assert err.value.value == positive
    assert "favorable" in err.value.fix and "harmful" in err.value.fix


def test_the_two_directions_and_the_default_pass():
    for positive in ("favorable", "harmful", None):
        _check_train_request(TrainRequest("compas", positive=positive, trainer="vectorized"))


def test_a_seed_list_or_text_reaches_the_grids_own_check_not_a_type_error():
    assert sweep_grid(seeds=[0, 3]).seeds == [0, 3]  # the grid takes a list of seeds
    with pytest.raises(EthicLensInputError) as err:
        sweep_grid(seeds="3")
    assert err.value.column == "seeds"
    assert "count (integer) or a list of integers, not str" in err.value.problem
    with pytest.raises(EthicLensInputError, match="must be at least 1"):
        sweep_grid(seeds=0)
