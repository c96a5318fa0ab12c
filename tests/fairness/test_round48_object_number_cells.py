"""1ca0a313's guard refused object-dtype arrays of numbers that the metric functions read
before ("must be a non-empty array of numbers"). An object array whose items are all real
numbers is taken (every numbers_kind argument); text, None, or an overflowing int is refused."""

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import ethiclens.fairness as fairness
from ethiclens._checks import numbers_kind
from ethiclens.errors import EthicLensInputError

GOOD = [
    np.array([[1, 2, 3, 4]], dtype=object),
    np.array([[1, 2.0, Decimal(3), Fraction(4)]], dtype=object),
    np.array([[np.int64(1), 2, np.float32(3), 4]], dtype=object),
]


@pytest.mark.parametrize("cells", GOOD)
def test_object_arrays_of_numbers_are_read(cells):
    assert fairness.true_positive_rate(cells).tolist() == [0.25]
    assert fairness.selection_rate(cells, True).tolist() == [0.3]


def test_an_object_series_of_whole_numbers_passes_a_whole_kind():
    numbers_kind(1, whole=True)(pd.Series([0, 1, 1], dtype=object), "y")


BAD = [
    np.array([[1, 2, "3", 4]], dtype=object),
    np.array([["1", "2", "3", "4"]], dtype=object),
    np.array([[1, 2, "True", 4]], dtype=object),
    np.array([[1, 2, None, 4]], dtype=object),
    np.array([[1, 2, 10**400, 4]], dtype=object),
]


@pytest.mark.parametrize("cells", BAD)
def test_object_arrays_of_other_items_are_refused(cells):
    with pytest.raises(EthicLensInputError, match="must be a non-empty array of numbers"):
        fairness.true_positive_rate(cells)


def test_whole_kind_refuses_object_fractions():
    with pytest.raises(EthicLensInputError, match="whole numbers"):
        numbers_kind(1, whole=True)(np.array([0, 1.5], dtype=object), "y")
