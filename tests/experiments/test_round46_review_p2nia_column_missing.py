"""Round 46 review of fe8bbcd4 (its P2NIA sibling): a registered dataset whose entry names a
p2nia_protected column its loader does not return (p2nia_protected='sex', the loader's protected
frame ['race']) was a KeyError traceback when the P2NIA experiment loaded it. It is refused
(column 'p2nia_protected') naming the dataset, the column and the columns the loader returns."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import Dataset, DatasetEntry, register, unregister
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._p2nia_experiment import _load


def _loader():
    n = 40
    return Dataset(
        name="toy46q",
        features=pd.DataFrame({"x": np.arange(n, dtype=float)}),
        label=pd.Series([0, 1] * (n // 2)),
        protected=pd.DataFrame({"race": ["a", "b"] * (n // 2)}),
        reference={"race": "a"},
        positive_label="y",
        positive_is_favorable=True,
    )


@pytest.mark.parametrize("column, refused", [("sex", True), ("race", False)])
def test_a_p2nia_column_the_loader_lacks_is_refused(column, refused):
    entry = DatasetEntry(
        name="toy46q",
        loader=_loader,
        description="d",
        positive_is_favorable=True,
        protected=("race",),
        p2nia_protected=column,
    )
    register(entry, replace=True)
    try:
        if not refused:
            assert list(_load("toy46q")[1].columns) == ["x", "race"]
            return
        with pytest.raises(
            EthicLensInputError, match=r"'sex'.*\(its protected columns: race\)"
        ) as info:
            _load("toy46q")
        assert (info.value.column, info.value.value) == ("p2nia_protected", "sex")
    finally:
        unregister("toy46q")
