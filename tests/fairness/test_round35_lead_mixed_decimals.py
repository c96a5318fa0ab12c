"""Round 35 (lead): a label or prediction column holding decimals beside plain numbers (a
Parquet folder whose one file stores the column as DECIMAL, another as int64: pandas and Dask
hold Decimal and int objects in one column) is read as the numbers it holds, as an all-decimal
column is and as DuckDB reads it (was refused: "is not binary 0/1: found values ['0', '1']")."""

from decimal import Decimal

import pandas as pd
import pytest

import ethiclens


def _audit(y_pred):
    y_true = [0, 1, 1, 0] * 10
    return ethiclens.audit(y_true, y_pred, sensitive_features=["a", "b"] * 20, n_boot=100, seed=1)


def test_decimals_beside_ints_are_the_labels_they_hold():
    mixed = _audit(pd.Series([Decimal(0), Decimal("1.00"), 0, 1] * 10, dtype=object))
    plain = _audit(pd.Series([0, 1, 0, 1] * 10))
    assert mixed.to_dict()["attributes"] == plain.to_dict()["attributes"]


def test_a_decimal_beside_text_is_still_refused():
    with pytest.raises(ethiclens.EthicLensInputError, match="y_pred"):
        _audit(pd.Series([Decimal(0), "1", 0, 1] * 10, dtype=object))
