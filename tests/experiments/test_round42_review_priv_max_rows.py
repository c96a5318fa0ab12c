"""Round 42 review of aeaf8d55: a Decimal in range for train.lr now says to pass a float, but
its sibling max_rows = Decimal('100') was still refused as 'must be an integer >= 50' with
nothing to change; it says 'pass it as an int, not a Decimal' too. Other values unchanged."""

from decimal import Decimal

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid


def test_a_decimal_max_rows_says_what_to_pass():
    with pytest.raises(EthicLensInputError, match="pass it as an int, not a Decimal") as info:
        SweepGrid(max_rows=Decimal("100"))
    assert info.value.column == "max_rows" and info.value.kind == "key"


@pytest.mark.parametrize("rows", [49, 60.5, "100", True])
def test_other_max_rows_keep_their_words(rows):
    with pytest.raises(EthicLensInputError) as info:
        SweepGrid(max_rows=rows)
    said = str(info.value)
    assert said.startswith("key 'max_rows': must be an integer >= 50 (or absent: all rows)")
    assert said.endswith("Fix: e.g. max_rows = 1200")
