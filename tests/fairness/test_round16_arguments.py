"""Round 16: a Python argument is refused as the argument it is."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_n_bins_is_named_as_an_argument():
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit([0, 1] * 60, [0, 1] * 60, {"g": ["a", "b"] * 60},
                        y_score=[0.1, 0.9] * 60, n_bins="3")  # fmt: skip
    assert str(err.value) == (
        "argument 'n_bins': must be an integer in [2, 1000] (value: '3'). Fix: 10 is the default"
    )
