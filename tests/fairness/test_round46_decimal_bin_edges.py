"""Round 46: a decimal that a float rounds onto a bin edge is binned by its exact value. A
Decimal (a Parquet or database DECIMAL column, a Python object column) or number text of
24.99999999999999999999 reads as the float 25.0 and was put in [25, 50) on every face (rows,
counts tables, each engine); 100.00000000000000000001 was put in [50, 100] instead of being
refused as outside the edges. Whole numbers past 2**53 were already compared exactly."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens.fairness import bin_attribute, bin_counts
from ethiclens.sources import Roles, counts_of

EDGES = [0, 25, 50, 100]
BELOW = "24.99999999999999999999"


@pytest.mark.parametrize("kind", ["decimal", "text", "arrow"])
def test_a_decimal_just_below_an_edge_is_in_the_band_below(kind):
    values = [BELOW, "25", "25.000000000000000000001", "0", "100"]
    if kind == "text":
        column = pd.Series(values, dtype=object)
    elif kind == "decimal":
        column = pd.Series([Decimal(v) for v in values], dtype=object)
    else:
        column = pd.Series([Decimal(v) for v in values], dtype=pd.ArrowDtype(pa.decimal128(30, 21)))
    labels = bin_attribute(column, EDGES, "age").tolist()
    assert labels == ["[0, 25)", "[25, 50)", "[25, 50)", "[0, 25)", "[50, 100]"]


@pytest.mark.parametrize("value", ["100.00000000000000000001", "-1E-30", "-1E-400"])
def test_a_decimal_just_outside_the_edges_is_refused(value):
    with pytest.raises(EthicLensInputError, match=r"outside the bin edges \[0, 100\]"):
        bin_attribute(pd.Series([Decimal(value), Decimal(3)], dtype=object), EDGES, "age")


def test_rows_and_counts_tables_agree():
    rng = np.random.default_rng(0)
    n = 600
    ages = pd.Series([Decimal(BELOW)] * 300 + [Decimal(60)] * 300, dtype=object)
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "age": ages})
    kw = dict(n_boot=100, random_state=0)
    rows = ethiclens.audit(frame.y, frame.p, {"age": frame.age}, bins={"age": EDGES}, **kw)
    table = counts_of(frame, Roles(y_true="y", y_pred="p", protected=["age"]))
    counted = ethiclens.audit_counts(bin_counts(table, {"age": EDGES}), **kw)
    for result in (rows, counted):
        groups = [(g.group, g.n) for g in result.attributes[0].groups]
        assert groups == [("[0, 25)", 300), ("[50, 100]", 300)]
