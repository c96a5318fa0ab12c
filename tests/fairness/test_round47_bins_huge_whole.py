"""Round 47: a number past a float's range in a binned column (an int 10**5000 in an object
column, its text past int()'s 4,300 digits, a whole Decimal, '1e400', Decimal('-1e5000')) was
described as "data range 5 to inf", and the long text was called non-numeric, quoted whole;
the refusal now names it shortened, as every refusal shows a long number (errors.shown_int),
or as its Decimal writes itself."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

BIG = "100000000000…000000 (5,001 digits)"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (10**5000, f"5 to {BIG}"),
        (-(10**5000), f"-{BIG} to 30"),
        ("1" + "0" * 5000, f"5 to {BIG}"),
        (Decimal(10**400), "5 to 100000000000…000000 (401 digits)"),
        ("1e400", "5 to 1E+400"),
        (Decimal("-1e5000"), "-1E+5000 to 30"),
    ],
    ids=["int", "negative", "text", "decimal", "text-exponent", "decimal-exponent"],
)
def test_bins_name_a_huge_whole_number_shortened(value, shown):
    y_true, y_pred = np.tile([0, 1, 1], 100), np.tile([1, 0, 1], 100)
    age = pd.DataFrame({"age": pd.Series([5, value, 30] * 100, dtype=object)})
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y_true, y_pred, age, bins={"age": [0, 10, 100]})
    text = str(err.value)
    assert "column 'age': 100 row(s) with values outside the bin edges" in text
    assert f"(data range {shown})" in text and "inf" not in text
    assert len(text) < 300
