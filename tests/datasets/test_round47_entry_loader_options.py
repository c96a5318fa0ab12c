"""Round 47: a DatasetEntry whose pcer_options held 'features' (the feature set PCER chooses per
run) was accepted, then `datasets info` and every PCER load were a TypeError traceback ('got
multiple values for keyword argument 'features''); an option keyed by no name ({1: 2}) was
Python's 'keywords must be strings' on loading. Both are refused on registration, naming the
field; P2NIA's 'features' option (it has no flag of its own) is its feature set in info."""

import pandas as pd
import pytest

from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry
from ethiclens.errors import EthicLensInputError


def _loader(features="full"):
    n = 6 if features == "paper" else 4
    return Dataset(
        name="toy",
        features=pd.DataFrame({"x": range(n)}),
        label=pd.Series([0, 1] * (n // 2)),
        protected=pd.DataFrame({"S": ["M", "F"] * (n // 2)}),
        reference={"S": "M"},
        positive_label="y",
        positive_is_favorable=True,
    )


def _entry(**fields):
    return DatasetEntry(
        name="toy",
        loader=_loader,
        description="toy",
        positive_is_favorable=True,
        protected=("S",),
        pcer_splits={"s": BinarySplit(column="S", group0="M", group1="F", one_values=("F",))},
        feature_sets={"full": "x", "paper": "x, more rows"},
        **fields,
    )


@pytest.mark.parametrize(
    ("fields", "column", "value"),
    [
        ({"pcer_options": {"features": "paper"}}, "pcer_options", "features"),
        ({"pcer_options": {1: 2}}, "pcer_options", 1),
        ({"p2nia_protected": "S", "p2nia_options": {"a b": 1}}, "p2nia_options", "a b"),
    ],
)
def test_options_no_load_can_take_are_refused_on_registration(fields, column, value):
    with pytest.raises(EthicLensInputError) as info:
        _entry(**fields)
    assert (info.value.column, info.value.value) == (column, value)


def test_p2nias_features_option_is_the_feature_set_info_counts():
    out = _entry(p2nia_protected="S", p2nia_options={"features": "paper"}).describe()
    assert out["rows"] == 4 and out["p2nia"]["rows"] == 6
