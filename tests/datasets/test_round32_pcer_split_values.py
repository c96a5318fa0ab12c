"""Round 32: PCER's binary split of a registered dataset read values by their text: a float
column (1.0) never matched one_values=(1,), so every row went to group 0 and group 1 was
empty, silently; a missing value (None/NaN) was counted in the 'every other value' group."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry, register, unregister
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._pcer_data import prepare

N = 400


def _register(name, values, **split):
    rng = np.random.default_rng(0)

    def loader():
        return Dataset(
            name=name,
            features=pd.DataFrame({"x": rng.normal(size=N)}),
            label=pd.Series(np.arange(N) % 2),
            protected=pd.DataFrame({"g": values}),
            reference={"g": "a"},
            positive_label="y",
            positive_is_favorable=True,
        )

    split = BinarySplit(column="g", group0="A", group1="B", **split)
    register(
        DatasetEntry(
            name=name,
            loader=loader,
            description="toy",
            positive_is_favorable=True,
            protected=("g",),
            pcer_splits={"g": split},
        ),
        replace=True,
    )


@pytest.fixture
def names():
    made = []
    yield made
    for name in made:
        unregister(name)


@pytest.mark.parametrize(
    "values, named",
    [
        (np.where(np.arange(N) % 4 == 0, 1.0, 0.0), (1,)),
        (np.where(np.arange(N) % 4 == 0, 1, 0), (1.0,)),
        (np.where(np.arange(N) % 4 == 0, 1, 0).astype(np.int8), ("1",)),
    ],
)
def test_a_number_matches_its_whole_value(names, values, named):
    names.append("toy32n")
    _register("toy32n", values, one_values=named)
    data = prepare("toy32n", 0)
    both = np.concatenate([data.groups_train["g"], data.groups_test["g"]])
    assert (both == "B").sum() == N // 4 and (both == "A").sum() == N - N // 4


@pytest.mark.parametrize("missing", [None, np.nan, pd.NA])
def test_a_missing_group_value_is_refused(names, missing):
    names.append("toy32m")
    values = pd.Series(np.where(np.arange(N) % 2, "b", "a"), dtype=object)
    values[::7] = missing
    _register("toy32m", values, one_values=("b",))
    with pytest.raises(EthicLensInputError, match=r"58 values of g are missing") as info:
        prepare("toy32m", 0)
    assert info.value.column == "g"
