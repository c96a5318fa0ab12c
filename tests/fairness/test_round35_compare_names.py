"""Round 35: compare's ``names`` as an array, Index or Series of the two (``df.columns[1:3]``,
the prediction columns' names), as a list of them (was refused 'a tuple of two non-empty
strings (value: Index(['old', 'new'], dtype='str'))')."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

_RNG = np.random.default_rng(0)
_Y, _A = _RNG.integers(0, 2, 200), _RNG.integers(0, 2, 200)
_B = np.where(_RNG.random(200) < 0.2, 1 - _A, _A)
_G = _RNG.choice(["a", "b"], 200)


def _compare(names):
    return ethiclens.compare(_Y, _A, _B, sensitive_features=_G, n_boot=100, names=names)


@pytest.mark.parametrize("make", [np.array, pd.Index, pd.Series, pa.array])
def test_names_take_an_array_index_or_series_of_two(make):
    comparison = _compare(make(["old", "new"]))
    assert comparison.names == ("old", "new")
    assert comparison.to_dict()["models"] == {"a": "old", "b": "new"}


def test_three_names_in_an_array_are_still_refused():
    with pytest.raises(EthicLensInputError, match="a tuple of two non-empty strings"):
        _compare(np.array(["a", "b", "c"]))
