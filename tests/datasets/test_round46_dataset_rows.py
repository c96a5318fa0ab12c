"""Round 46: a Dataset (what a registered loader returns) took any label and any rows: a label
of 2 described a base rate of 2.0, a missing label was left out of it, a text label was a
TypeError traceback, protected columns of other rows were accepted, and a protected column
without a reference was a KeyError in describe(). Each is refused naming the field, or the
reference shown as None."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import Dataset
from ethiclens.errors import EthicLensInputError


def _ds(label=(0, 1, 1, 0), protected=None, reference=None, extra=None):
    return Dataset(
        name="toy46",
        features=pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]}),
        label=pd.Series(label),
        protected=pd.DataFrame({"sex": ["M", "F", "M", "F"]}) if protected is None else protected,
        reference={"sex": "M"} if reference is None else reference,
        positive_label="y",
        positive_is_favorable=True,
        extra=extra,
    )


@pytest.mark.parametrize("label", [(0, 1, 2, 0), (0, 1, np.nan, 1.0), ("yes", "no", "no", "yes")])
def test_a_label_that_is_not_0_1_is_refused(label):
    with pytest.raises(EthicLensInputError, match="not 0/1") as info:
        _ds(label)
    assert info.value.column == "label" and "toy46" in str(info.value)


@pytest.mark.parametrize("key", ["protected", "extra"])
def test_columns_of_other_rows_are_refused(key):
    short = pd.DataFrame({"sex": ["M", "F"]})
    with pytest.raises(EthicLensInputError, match="has 2 rows, the label 4") as info:
        _ds(**{key: short})
    assert info.value.column == key


def test_labels_as_written_are_kept_and_a_column_without_reference_is_none():
    for label in ((0, 1, 1, 0), (False, True, True, False), (0.0, 1.0, 1.0, 0.0)):
        assert _ds(label).describe()["base_rate"] == 0.5
    ds = _ds(protected=pd.DataFrame({"race": ["a", "b", "a", "b"]}))
    assert ds.describe()["protected"]["race"]["reference"] is None
