"""Round 30 review: a group value past Python's int-to-text limit (10**5000) given in Python
was a ValueError 'Exceeds the limit (4300 digits)'; it is refused naming the column, as a
label holding one is."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_a_huge_whole_number_group_is_refused_by_name():
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit([0, 1, 0, 1, 0, 1], [0, 1, 1, 0, 0, 1], {"g": [10**5000, 1, 1, 2, 2, 2]})
    assert err.value.column == "g" and "too long to be a label or a group" in str(err.value)
