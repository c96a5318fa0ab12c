"""Round 46 review of a7ffcc36: prepare()'s new numeric check refused every feature whose dtype
is not numeric, so numbers held as objects, text ('3') or a category of numbers, which the
scaler read as numbers before, were refused as 'neither numeric'. They train as before now; a
value that is no number is refused naming it, and NaN among objects is still refused."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry, register, unregister
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import prepare

N = 60
SPLIT = BinarySplit(column="sex", group0="M", group1="F", one_values=("F",))


def _prepare(x):
    def load():
        return Dataset(
            name="toy46n",
            features=pd.DataFrame({"x": x}),
            label=pd.Series([0, 1] * (N // 2)),
            protected=pd.DataFrame({"sex": ["M", "F", "F"] * (N // 3)}),
            reference={"sex": "M"},
            positive_label="y",
            positive_is_favorable=True,
        )

    entry = DatasetEntry(
        name="toy46n",
        loader=load,
        description="d",
        positive_is_favorable=True,
        protected=("sex",),
        pcer_splits={"sex": SPLIT},
    )
    register(entry, replace=True)
    try:
        return prepare("toy46n", 0)
    finally:
        unregister("toy46n")


NUMBERS = np.arange(N)
EXPECTED = _prepare(NUMBERS.astype(float)).X_train


@pytest.mark.parametrize("dtype", [object, str, "category"])
def test_numbers_held_as_objects_text_or_categories_train_as_before(dtype):
    assert np.array_equal(_prepare(pd.Series(NUMBERS).astype(dtype)).X_train, EXPECTED)


@pytest.mark.parametrize(
    "first, words",
    [
        ("abc", "neither numeric.*it holds 'abc'"),
        (None, "missing or infinite"),
        ("inf", "infinite"),
        (10**400, "1 missing or infinite"),  # the scaler's OverflowError, a traceback
        (-(10**400), "1 missing or infinite"),
    ],
)
def test_a_value_that_is_no_finite_number_is_still_refused(first, words):
    x = pd.Series([first, *NUMBERS[1:]], dtype=object)
    with pytest.raises(EthicLensInputError, match=words) as info:
        _prepare(x)
    assert info.value.column == "x"
