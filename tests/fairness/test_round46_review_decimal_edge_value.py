"""Round 46 review of fdc7a5a0: a decimal value on a bin edge that is no float (0.1, 0.3, 1.1) was
compared with the edge's float (0.1000000000000000055...), not with the 0.1 the user gave:
Decimal('0.1') (a Parquet or database DECIMAL column, number text) went into [0, 0.1) where the
float 0.1 goes into [0.1, 0.3), on every engine, and a Decimal('0.1') on a lowest edge 0.1 was
refused as outside the edges. A decimal is now compared with the edge's shortest text."""

from decimal import Decimal

import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.fairness import bin_attribute, bin_counts

EDGES = [0, 0.1, 0.3, 1.1, 2]
VALUES = ["0.1", "0.3", "1.1", "0.09999999999999999999", "1.10000000000000000001", "2"]
WANT = ["[0.1, 0.3)", "[0.3, 1.1)", "[1.1, 2]", "[0, 0.1)", "[1.1, 2]", "[1.1, 2]"]


@pytest.mark.parametrize("kind", ["decimal", "text", "arrow"])
def test_a_decimal_on_an_edge_is_binned_as_the_edge_given(kind):
    if kind == "text":
        column = pd.Series(VALUES, dtype=object)
    elif kind == "decimal":
        column = pd.Series([Decimal(v) for v in VALUES], dtype=object)
    else:
        column = pd.Series([Decimal(v) for v in VALUES], dtype=pd.ArrowDtype(pa.decimal128(30, 21)))
    assert bin_attribute(column, EDGES, "age").tolist() == WANT
    floats = pd.Series([0.1, 0.3, 1.1, 2.0])
    assert bin_attribute(floats, EDGES, "age").tolist() == [WANT[0], WANT[1], WANT[2], WANT[5]]


def test_a_decimal_on_the_outer_edges_is_inside():
    column = pd.Series([Decimal("0.1"), Decimal("0.3"), Decimal("0.30")], dtype=object)
    assert bin_attribute(column, [0.1, 0.3], "age").tolist() == ["[0.1, 0.3]"] * 3


def test_counts_table_agrees():
    ages = [Decimal("0.10"), Decimal("0.30"), Decimal("0.10")]
    table = pd.DataFrame({"age": ages, "y_true": [1, 0, 1], "y_pred": [1, 1, 0], "count": 5})
    binned = bin_counts(table, {"age": [0, 0.1, 0.3, 1]})
    assert sorted(set(binned["age"])) == ["[0.1, 0.3)", "[0.3, 1]"]
