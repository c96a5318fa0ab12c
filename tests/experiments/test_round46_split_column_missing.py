"""Round 46: a registered dataset whose loader does not return the protected column its PCER
split reads was a KeyError traceback from prepare(), after the features were fitted; it is
refused naming the dataset, the attribute and the columns the loader returns."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry, register, unregister
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import prepare


def _load(column):
    n = 60
    return Dataset(
        name="toy46",
        features=pd.DataFrame({"x": np.arange(n, dtype=float)}),
        label=pd.Series([0, 1] * (n // 2)),
        protected=pd.DataFrame({column: ["M", "F", "F"] * (n // 3)}),
        reference={column: "M"},
        positive_label="y",
        positive_is_favorable=True,
    )


@pytest.mark.parametrize("column, refused", [("race", True), ("sex", False)])
def test_a_split_column_the_loader_lacks_is_refused(column, refused):
    split = BinarySplit(column="sex", group0="M", group1="F", one_values=("F",))
    register(
        DatasetEntry(
            name="toy46", loader=lambda: _load(column), description="d",
            positive_is_favorable=True, protected=("sex",), pcer_splits={"sex": split},
        ),
        replace=True,
    )  # fmt: skip
    try:
        if not refused:
            assert prepare("toy46", 0).group_orders == {"sex": ("M", "F")}
            return
        with pytest.raises(
            EthicLensInputError, match=r"does not return.*protected columns: race\)"
        ) as info:
            prepare("toy46", 0)
        assert info.value.column == "pcer_splits.sex" and "toy46" in str(info.value)
    finally:
        unregister("toy46")
