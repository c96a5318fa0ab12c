"""Round 35: gate()'s arguments as a notebook or CI script gives them."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(0)
    group = rng.choice(["a", "b"], 400)
    y, p = rng.integers(0, 2, 400), rng.integers(0, 2, 400)
    return ethiclens.audit(y, p, sensitive_features=group, n_boot=100, random_state=0)


@pytest.mark.parametrize("blank", ["", "   "])
def test_blank_baseline_is_refused_as_the_cli_refuses_it(result, blank):
    # was "file . is a folder" ('' is the working folder to pathlib) / "file    does not exist"
    with pytest.raises(EthicLensInputError) as err:
        result.gate("never", baseline=blank)
    assert str(err.value) == (
        f"argument 'baseline': must not be empty (value: {blank!r}). "
        "Fix: give a value, or leave it out for its default"
    )
