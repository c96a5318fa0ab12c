"""Round 40 review of 58409a47 (ExperimentConfig list fields): a range or a 1-d NumPy array of
sizes or budgets is a list of values (sizes=range(250, 501, 250) and epsilons=np.array([1.0, 2.0])
validated before 58409a47 and were then refused as 'one range' / 'one ndarray'); one value is
still refused naming its field."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig


def test_a_range_of_sizes_is_its_list():
    config = ExperimentConfig(sizes=range(250, 501, 250))
    config.validate()
    assert config.sizes == [250, 500]


def test_numpy_arrays_are_their_items():
    config = ExperimentConfig(sizes=np.array([250, 500]), epsilons=np.array([1.0, 2.0]))
    config.validate()
    assert (config.sizes, config.epsilons) == ([250, 500], [1.0, 2.0])


@pytest.mark.parametrize("field, value", [("sizes", 250), ("models", "rf"), ("sizes", np.int64(9))])
def test_one_value_is_still_refused(field, value):
    # since round 45 a Python caller is told the field, not the CLI's flag
    with pytest.raises(EthicLensInputError, match=f"argument '{field}': must be a list"):
        ExperimentConfig(**{field: value}).validate()
