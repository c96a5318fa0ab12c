"""Round 46: a DatasetEntry's cost given as text ('1') was a TypeError traceback, True or inf
were accepted as costs; a p2nia_protected of '' or 3 was accepted (P2NIA then read no column).
Each is refused naming the field."""

import math

import numpy as np
import pytest

from ethiclens.datasets import DatasetEntry
from ethiclens.errors import EthicLensInputError

BASE = dict(name="toy46", loader=lambda: None, description="d", positive_is_favorable=True)


@pytest.mark.parametrize("cost", ["1", True, np.bool_(True), math.inf, math.nan, 0, -1.0, None])
def test_a_cost_that_is_no_finite_positive_number_is_refused(cost):
    with pytest.raises(EthicLensInputError, match="finite number > 0") as info:
        DatasetEntry(**BASE, cost=cost)
    assert info.value.column == "cost"


@pytest.mark.parametrize("name", ["", "   ", "\u200b", 3, ("sex",)])
def test_a_p2nia_protected_that_names_no_column_is_refused(name):
    with pytest.raises(EthicLensInputError, match="protected column") as info:
        DatasetEntry(**BASE, p2nia_protected=name)
    assert info.value.column == "p2nia_protected"


def test_numbers_and_names_are_kept():
    for cost in (3, 0.5, np.float32(2), np.int64(2)):
        assert DatasetEntry(**BASE, cost=cost).cost == cost
    entry = DatasetEntry(**BASE, p2nia_protected="sex")
    assert entry.uses("p2nia") and not DatasetEntry(**BASE).uses("p2nia")
