"""Round 30: complex values to bin (1+2j) are refused as non-numeric, naming the column; their
imaginary part was dropped with a NumPy warning and 1+2j binned as 1."""

import warnings

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_attribute


@pytest.mark.parametrize("values", [np.array([1 + 2j, 3 + 0j]), [3, 1 + 9j]], ids=["array", "list"])
def test_complex_values_are_not_binned(values):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(EthicLensInputError, match="non-numeric values") as err:
            bin_attribute(values, [0, 2, 5], "c")
    assert err.value.column == "c"


def test_the_audit_refuses_complex_values_to_bin():
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    c = np.where(rng.random(200) < 0.5, 1 + 2j, 4 + 0j)
    with pytest.raises(EthicLensInputError, match="non-numeric values"):
        ethiclens.audit(y, p, {"c": c}, bins={"c": [0, 2, 5]})
