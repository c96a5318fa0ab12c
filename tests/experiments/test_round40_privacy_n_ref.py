"""Round 40: ExperimentConfig(n_ref=np.int64(250)) was refused "must be an integer >= 10" (no
fix) though sizes take NumPy integers, and n_ref=10**12 passed though no size may exceed
N_MAX. n_ref is now checked as each size is (check_n), naming n_ref."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig


def test_a_numpy_integer_n_ref_is_taken():
    config = ExperimentConfig(sizes=(250,), n_ref=np.int64(250), mechanisms=("grr",))
    config.validate()
    assert config.reference_size == 250


@pytest.mark.parametrize("bad", [True, 9, 10**12, 250.5, "250"])
def test_a_bad_n_ref_is_refused_naming_it_with_a_fix(bad):
    config = ExperimentConfig(sizes=(250,), n_ref=bad, mechanisms=("grr",))
    with pytest.raises(EthicLensInputError, match="'n_ref': n′ must be an integer in") as info:
        config.validate()
    assert info.value.fix


@pytest.mark.parametrize(
    "field, value", [("models", "rf"), ("mechanisms", "grr"), ("sizes", 250), ("epsilons", None)]
)
def test_one_value_for_a_list_is_refused_naming_the_field(field, value):
    # 'rf' was read letter by letter ("unknown model 'r'"), 250 or None raised a TypeError
    config = ExperimentConfig(**{field: value})
    with pytest.raises(EthicLensInputError, match="must be a list \\(or tuple\\) of values") as e:
        config.validate()
    assert field.replace("_", "-") in str(e.value)
    assert "e.g." in e.value.fix
