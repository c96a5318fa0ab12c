"""A set, a dict or a generator given as a column is named as what it is ("got a set"), not
"got a scalar" (numpy sees no rows in it); a scalar still reads as one."""

import re

import numpy as np
import pytest

from ethiclens._checks import check_one_per_row
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "values, got",
    [
        ({"a", "b"}, "a set"),
        (frozenset("ab"), "a frozenset"),
        ({"a": 1, "b": 2}, "a dict"),
        ((x for x in "ab"), "a generator"),
        (iter([1, 2]), "a list_iterator"),
        ("ab", "the text 'ab'"),  # a name, not a scalar (round 44)
        (5, "a scalar"),
        (None, "a scalar"),
        (np.array(3), "a scalar"),
        (np.zeros((2, 2)), "an array of shape (2, 2)"),
    ],
)
def test_what_was_given_is_named(values, got):
    with pytest.raises(
        EthicLensInputError, match=f"groups.*one value per row, got {re.escape(got)}\\."
    ):
        check_one_per_row(values, "groups")
