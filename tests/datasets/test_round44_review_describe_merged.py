"""Round 44 review of 4faa5cc2: Dataset.describe() of a protected column holding True, 1 and
1.0 (an object column of a registered loader) gave one group 'True' holding all three counts:
pandas counts them as one key. They are now refused naming the column and the texts, as values
that print the same are; one type per column describes as before."""

import pandas as pd
import pytest

from ethiclens.datasets._base import Dataset
from ethiclens.errors import EthicLensInputError


def _ds(values):
    n = len(values)
    return Dataset(
        name="t",
        features=pd.DataFrame({"x": range(n)}),
        label=pd.Series([0, 1] * (n // 2)),
        protected=pd.DataFrame({"g": pd.Series(values, dtype=object)}),
        reference={"g": "a"},
        positive_label="y",
        positive_is_favorable=True,
    )


def test_values_equal_as_numbers_but_printed_apart_are_refused():
    with pytest.raises(EthicLensInputError, match="count as one group: 1, 1.0, True") as info:
        _ds([True, 1, 1.0, "a"]).describe()
    assert info.value.column == "g"


def test_one_value_each_describes_as_before():
    groups = _ds(["b", 1, "a", None]).describe()["protected"]["g"]
    assert groups["groups"] == {"1": 1, "a": 1, "b": 1} and groups["missing"] == 1
