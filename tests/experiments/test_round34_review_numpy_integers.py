"""Round 34 review: SweepGrid takes a NumPy integer wherever it takes a Python int (seeds,
max_rows, train settings), stored as the Python int it equals (the same config_hash, JSON that
writes); a NumPy bool is no count, and the caller's train dict is left as it was."""

import json

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, preset


def test_numpy_integers_are_taken_as_ints():
    plain = SweepGrid(seeds=3, max_rows=500, train={"epochs": 2, "hidden": [8], "batch_size": 32})
    train = {"epochs": np.int64(2), "hidden": [np.int32(8)], "batch_size": np.int16(32)}
    got = SweepGrid(seeds=np.int64(3), max_rows=np.int64(500), train=train)
    assert got.to_dict() == plain.to_dict() and got.config_hash() == plain.config_hash()
    assert type(got.max_rows) is int and all(type(s) is int for s in got.seeds)
    assert type(got.train["epochs"]) is int and type(got.train["hidden"][0]) is int
    assert json.dumps(got.to_dict()) == json.dumps(plain.to_dict())
    assert type(train["epochs"]) is np.int64  # the caller's dict as it was
    assert SweepGrid(seeds=[np.int64(0), np.uint8(1)]).seeds == [0, 1]
    assert preset("quick", seeds=np.int64(3)).seeds == [0, 1, 2]


@pytest.mark.parametrize("seeds", [np.bool_(True), True])
def test_a_bool_is_still_no_count(seeds):
    with pytest.raises(EthicLensInputError, match="^key 'seeds': seeds must be a count"):
        SweepGrid(seeds=seeds)


def test_a_numpy_integer_out_of_range_is_refused_as_an_int():
    with pytest.raises(EthicLensInputError, match="^key 'max_rows': must be an integer >= 50"):
        SweepGrid(max_rows=np.int64(10))
