"""Round 46 review of 5a1c7c3d: Dataset's new row checks read the label with pd.Series(), so a
label given as a DataFrame (what df_to_pandas returns) was pandas' ValueError traceback, and
len() of protected given as a dict counted its keys. Each is refused naming the field."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import Dataset
from ethiclens.errors import EthicLensInputError


def _ds(label, protected):
    return Dataset(
        name="toy46s",
        features=pd.DataFrame({"x": [1.0, 2.0]}),
        label=label,
        protected=protected,
        reference={"sex": "M"},
        positive_label="y",
        positive_is_favorable=True,
    )


SEX = pd.DataFrame({"sex": ["M", "F"]})


@pytest.mark.parametrize("label", [pd.DataFrame({"y": [0, 1]}), np.array([[0], [1]]), 1])
def test_a_label_that_is_not_one_column_is_refused(label):
    with pytest.raises(EthicLensInputError, match="one column of 0/1") as info:
        _ds(label, SEX)
    assert info.value.column == "label" and "toy46s" in str(info.value)


def test_protected_that_is_no_frame_is_refused():
    with pytest.raises(EthicLensInputError, match="must be a DataFrame, not a dict") as info:
        _ds(pd.Series([0, 1]), {"sex": ["M", "F"]})
    assert info.value.column == "protected"


def test_series_arrays_and_lists_are_kept_as_a_series():
    for label in (pd.Series([0, 1]), np.array([1, 0]), [True, False]):
        ds = _ds(label, SEX)
        assert isinstance(ds.label, pd.Series) and len(ds) == 2
        assert ds.describe()["base_rate"] == 0.5  # a list was an AttributeError (.mean())


def test_features_or_protected_left_none_are_refused():
    # only extra may be None: None features or protected were an AttributeError in describe()
    with pytest.raises(EthicLensInputError, match="protected must be a DataFrame, not a NoneType"):
        _ds(pd.Series([0, 1]), None)
    with pytest.raises(EthicLensInputError, match="features must be a DataFrame") as info:
        Dataset("toy46s", None, pd.Series([0, 1]), SEX, {"sex": "M"}, "y", True)
    assert info.value.column == "features"
    assert _ds(pd.Series([0, 1]), SEX).extra is None
