"""Round 32 review of 2aeb3c24: the favourable label is an int 0 or 1 (True and NumPy integers
too, written as the int). 1.0 was refused, but np.float32(1.0), Decimal(1) and Fraction(1) were
taken (now written as 1), and 1+0j raised Python's TypeError from int(): every one of them is
refused as 1.0 is, naming the argument."""

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


@pytest.fixture(scope="module")
def table():
    cf = make_counterfactuals(pd.DataFrame({"g": ["a", "b"] * 10, "x": range(20)}), "g")
    return cf, (cf["x"] % 2).to_numpy()


@pytest.mark.parametrize(
    "given", [1.0, np.float32(1), np.float64(0), Decimal(1), Fraction(1), 1 + 0j, np.complex64(0)]
)
def test_a_label_that_is_no_int_is_refused(table, given):
    cf, pred = table
    with pytest.raises(EthicLensInputError, match="must be 0 or 1") as err:
        analyze_counterfactuals(cf, pred, favorable_label=given, n_boot=100, random_state=0)
    assert (err.value.column, err.value.kind) == ("favorable_label", "argument")


@pytest.mark.parametrize("given", [1, True, np.int8(1), np.uint64(0), np.False_])
def test_an_int_label_is_taken(table, given):
    cf, pred = table
    r = analyze_counterfactuals(cf, pred, favorable_label=given, n_boot=100, random_state=0)
    assert type(r.favorable_label) is int and r.favorable_label == int(given)
