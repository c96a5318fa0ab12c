"""Round 39: ethiclens.datasets.register(entry, replace="no") replaced a registered dataset (the
string is true); now ``replace`` must be True or False, refused naming it otherwise."""

import dataclasses

import numpy as np
import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def entry():
    mine = dataclasses.replace(datasets.get_entry("german"), name="r39-german")
    datasets.register(mine)
    yield mine
    datasets.unregister("r39-german")


@pytest.mark.parametrize("replace", ["no", "False", 1, None])
def test_replace_must_be_a_truth(entry, replace):
    with pytest.raises(EthicLensInputError) as info:
        datasets.register(dataclasses.replace(entry, description="changed"), replace=replace)
    assert info.value.column == "replace"
    assert datasets.get_entry("r39-german").description == entry.description


def test_true_still_replaces(entry):
    datasets.register(dataclasses.replace(entry, description="changed"), replace=np.bool_(True))
    assert datasets.get_entry("r39-german").description == "changed"
