"""Round 39: DatasetEntry took fields no face could read: a name with a comma (never nameable in
``--datasets a,b``), positive_is_favorable='no' (true: a harm worded as a benefit), protected
'sex' (read as the columns s, e, x) or a column twice, a loader 5, and feature_sets 'full'
crashed with a ValueError. Each is now refused naming its field."""

import dataclasses

import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", "a,b"),
        ("positive_is_favorable", "no"),
        ("audited", 1),
        ("protected", "sex"),
        ("protected", ("sex", "sex")),
        ("loader", 5),
        ("feature_sets", "full"),
        ("pcer_options", ["x"]),
    ],
)
def test_unreadable_field_refused(field, value):
    with pytest.raises(EthicLensInputError) as info:
        dataclasses.replace(datasets.get_entry("german"), **{field: value})
    assert info.value.column == field


def test_valid_entry_still_built():
    entry = dataclasses.replace(datasets.get_entry("german"), name="r39", protected=["sex"])
    assert entry.protected == ("sex",)
