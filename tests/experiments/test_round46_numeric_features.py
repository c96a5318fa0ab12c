"""Round 46: a numeric feature of a registered dataset that is no finite number went into
PCER's training (NaN, inf: NaN losses, predictions of nothing) or was a ValueError traceback of
sklearn's (text not listed as categorical); prepare() refuses it naming the dataset and column."""

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


@pytest.mark.parametrize(
    "values, words",
    [([np.nan] + [1.0] * 59, "missing or infinite"), ([np.inf] + [1.0] * 59, "missing or"),
     (["a"] * 60, "neither numeric")],
)  # fmt: skip
def test_a_numeric_feature_that_is_no_finite_number_is_refused(values, words):
    def load():
        ds = _load("sex")
        return Dataset(**{**ds.__dict__, "features": pd.DataFrame({"x": values})})

    split = BinarySplit(column="sex", group0="M", group1="F", one_values=("F",))
    register(
        DatasetEntry(
            name="toy46", loader=load, description="d", positive_is_favorable=True,
            protected=("sex",), pcer_splits={"sex": split},
        ),
        replace=True,
    )  # fmt: skip
    try:
        with pytest.raises(EthicLensInputError, match=words) as info:
            prepare("toy46", 0)
        assert info.value.column == "x" and "toy46" in str(info.value)
    finally:
        unregister("toy46")
