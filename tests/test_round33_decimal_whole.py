"""Round 33: a ``Decimal`` whole number past 2**53 (what a database's NUMERIC column gives) used
as a value to bin, a bin edge or a record id was rounded as a float (2**53 + 3 fell into the bin
from the edge 2**53 + 4; an edge 2**53 + 1 binned as 2**53), where the same int is kept exact
(``_checks.exact_whole``)."""

from decimal import Decimal

import pandas as pd
import pytest

from ethiclens._checks import exact_whole
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_attribute

B = 2**53


@pytest.mark.parametrize(
    "value, whole",
    [
        (Decimal(B + 3), B + 3),
        (Decimal(f"{B + 3}.00"), B + 3),  # NUMERIC(20, 2)
        (Decimal("-0"), 0),
        (Decimal("1E+3"), 1000),
        (Decimal("2.5"), None),
        (Decimal("NaN"), None),
        (Decimal("-Infinity"), None),
        (Decimal("1E+999999"), None),  # past int()'s 4,300 digits, as text is
    ],
)
def test_exact_whole_reads_a_decimal_as_the_int_it_holds(value, whole):
    assert exact_whole(value) == whole


def test_decimal_values_are_binned_as_the_same_ints():
    edges = [0, B + 4, B + 8]
    ints = [1, B + 3, B + 4, B + 5]
    decimals = pd.Series([Decimal(v) for v in ints], dtype=object)
    expected = list(bin_attribute(pd.Series(ints, dtype=object), edges, "id"))
    assert list(bin_attribute(decimals, edges, "id")) == expected
    assert expected[1] == f"[0, {B + 4})"


def test_a_decimal_past_the_last_edge_is_refused():
    with pytest.raises(EthicLensInputError, match="1 row\\(s\\) with values outside") as err:
        bin_attribute(pd.Series([Decimal(1), Decimal(B + 1)], dtype=object), [0, B], "id")
    assert f"(data range 1 to {B + 1})" in err.value.problem


def test_a_decimal_edge_no_float_holds_is_refused():
    with pytest.raises(EthicLensInputError, match=f"{B + 1}") as err:
        bin_attribute([1, 2], [0, Decimal(B + 1), B + 4], "id")
    assert "no float" in err.value.problem


def test_decimal_ids_past_2_53_are_kept_exact():
    from ethiclens.privacy._inputs import _id_numbers

    ids = [Decimal(B + 1), Decimal(B + 2), Decimal(B + 3)]
    assert list(_id_numbers(pd.Series(ids, dtype=object).to_numpy())) == [B + 1, B + 2, B + 3]
