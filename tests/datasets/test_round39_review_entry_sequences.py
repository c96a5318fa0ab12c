"""Round 39 review of the DatasetEntry field checks: ``protected`` given as a generator became
no columns at all (the check read it, then the entry kept what was left: nothing), None or 5
crashed with a TypeError, ``limitations='one sentence'`` was kept letter by letter, and an
empty name beside another bad field was refused for the other field, not its name first."""

import dataclasses

import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


def _german(**fields):
    return dataclasses.replace(datasets.get_entry("german"), **fields)


def test_protected_generator_kept_whole():
    assert _german(protected=(c for c in ["sex", "age"])).protected == ("sex", "age")
    assert _german(limitations=(s for s in ["a.", "b."])).limitations == ("a.", "b.")


@pytest.mark.parametrize(
    ("field", "value"),
    [("protected", None), ("protected", 5), ("limitations", "one sentence"), ("limitations", 5)],
)
def test_no_sequence_refused_naming_the_field(field, value):
    with pytest.raises(EthicLensInputError, match="must be a sequence of") as info:
        _german(**{field: value})
    assert info.value.column == field


@pytest.mark.parametrize("other", [{"protected": "sex"}, {"feature_sets": "full"}])
def test_an_empty_name_is_refused_first(other):
    with pytest.raises(EthicLensInputError) as info:
        _german(name="", **other)
    assert info.value.column == "name"
