"""Round 44: Dataset.describe() (datasets info, DatasetEntry.describe) of a dataset whose
protected column mixes types (1 beside 'a') was a TypeError traceback; values that print the
same (1 and '1') gave one key holding one of their counts; rows without a value were left out
of the groups unsaid. Now: ordered by text where types mix, the clash refused naming the
column, missing rows counted in 'missing'."""

import pandas as pd
import pytest

from ethiclens.datasets import Dataset
from ethiclens.errors import EthicLensInputError


def _dataset(values):
    n = len(values)
    return Dataset(
        name="toy",
        features=pd.DataFrame({"x": range(n)}),
        label=pd.Series([0, 1] * (n // 2)),
        protected=pd.DataFrame({"g": pd.Series(values, dtype=object)}),
        reference={"g": "a"},
        positive_label="y",
        positive_is_favorable=True,
    )


def test_mixed_types_and_missing_rows_are_counted():
    out = _dataset([1, "b", None, "a"]).describe()["protected"]["g"]
    assert out == {"reference": "a", "groups": {"1": 1, "a": 1, "b": 1}, "missing": 1}


def test_values_that_print_the_same_are_refused_naming_the_column():
    with pytest.raises(EthicLensInputError, match="print the same") as info:
        _dataset([1, "1", "a", "a"]).describe()
    assert info.value.column == "g"


def test_one_type_keeps_its_order_and_no_missing_key():
    out = _dataset([10, 2, 10, 2]).describe()["protected"]["g"]
    assert out == {"reference": "a", "groups": {"2": 2, "10": 2}}
