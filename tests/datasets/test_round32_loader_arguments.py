"""Round 32: loader arguments of rare types: a NumPy integer year (a value read from a frame)
was refused as 'must be an integer', ``states=None`` / a number and ``features=['paper']``
were TypeError tracebacks, and a blank ``cache_dir`` silently read the default cache."""

import numpy as np
import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("year", [np.int64(2018), np.int32(2018), np.uint16(2018)])
def test_a_numpy_integer_year_is_a_year(year):
    ds = datasets.load("acs-income", year=year)
    assert len(ds) == 31306 and ds.provenance["year"] == 2018
    assert type(ds.provenance["year"]) is int


@pytest.mark.parametrize("states", [None, 5, 2.5])
def test_states_that_are_not_codes_are_refused(states):
    with pytest.raises(EthicLensInputError) as info:
        datasets.load("acs-income", states=states)
    assert info.value.column == "states"


@pytest.mark.parametrize("cache_dir", ["", "  "])
def test_a_blank_cache_folder_is_refused(cache_dir):
    with pytest.raises(EthicLensInputError, match="must not be empty") as info:
        datasets.load("acs-income", states="TX", cache_dir=cache_dir)
    assert info.value.column == "cache_dir"


@pytest.mark.parametrize("features", [["paper"], {"paper": 1}, 1])
def test_a_feature_set_that_is_not_a_name_is_refused(features):
    with pytest.raises(EthicLensInputError, match="no such feature set"):
        datasets.load("compas", features=features)
    with pytest.raises(EthicLensInputError, match="no such feature set"):
        datasets.get_entry("adult").describe(features=features)
