"""Round 46: a dataset entry's feature sets are named as typed after --features."""

import pytest

from ethiclens.datasets import DatasetEntry, get_entry
from ethiclens.errors import EthicLensInputError


def _entry(sets):
    return DatasetEntry(
        name="toy46",
        loader=lambda: None,
        description="d",
        positive_is_favorable=True,
        feature_sets=sets,
    )


@pytest.mark.parametrize(
    "name", ["", "  ", "\u200b", "\u3164", " paper", "paper ", "a,b", "a\nb", 1, None]
)
def test_a_feature_set_name_that_cannot_be_typed_is_refused(name):
    with pytest.raises(EthicLensInputError) as err:
        _entry({"full": "all", name: "some"})
    text = str(err.value)
    assert "feature_sets" in text and "toy46" in text
    assert name is None or repr(name) in text  # None is not shown as a value


def test_a_feature_set_without_words_is_refused():
    with pytest.raises(EthicLensInputError, match=r"feature_sets\.paper.*toy46.*value: 3"):
        _entry({"full": "all", "paper": 3})


def test_typed_names_and_the_built_ins_are_kept():
    entry = _entry({"full": "all", "paper": "the paper list", "é-set_2": "x"})
    assert entry.check_features("é-set_2") == "é-set_2"
    with pytest.raises(EthicLensInputError, match="choose from"):  # no sorted() of mixed keys
        entry.check_features("nope")
    assert "paper" in get_entry("adult").feature_sets
