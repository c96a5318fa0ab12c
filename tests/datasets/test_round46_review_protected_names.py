"""Round 46 review: a DatasetEntry's protected columns, PCER split attributes and
p2nia_protected were only refused when blank; ' sex' (the flags strip it), 'a,b' (--intersect
A,B splits it), a newline or a tab were accepted and could never be typed. They follow the rule of
feature-set names now, each refused naming the field and the value."""

import pytest

from ethiclens.datasets import BinarySplit, DatasetEntry
from ethiclens.errors import EthicLensInputError

BASE = dict(name="toy46p", loader=lambda: None, description="d", positive_is_favorable=True)
BAD = [" sex", "sex ", "a,b", "se\nx", "\tsex"]
SPLIT = BinarySplit(column="sex", group0="M", group1="F", one_values=("F",))


@pytest.mark.parametrize("name", BAD)
def test_a_protected_column_that_cannot_be_typed_is_refused(name):
    with pytest.raises(EthicLensInputError, match="as it is typed") as info:
        DatasetEntry(**BASE, protected=("race", name))
    assert (info.value.column, info.value.value) == ("protected", name)


@pytest.mark.parametrize("name", BAD)
def test_a_pcer_split_attribute_that_cannot_be_typed_is_refused(name):
    with pytest.raises(EthicLensInputError, match="as it is typed") as info:
        DatasetEntry(**BASE, protected=("sex",), pcer_splits={name: SPLIT})
    assert (info.value.column, info.value.value) == ("pcer_splits", name)


@pytest.mark.parametrize("name", BAD)
def test_a_p2nia_protected_that_cannot_be_typed_is_refused(name):
    with pytest.raises(EthicLensInputError, match="as it is typed") as info:
        DatasetEntry(**BASE, p2nia_protected=name)
    assert (info.value.column, info.value.value) == ("p2nia_protected", name)


def test_names_as_typed_are_kept():
    entry = DatasetEntry(
        **BASE,
        protected=("sex", "age>=65", "Ethnicité"),
        pcer_splits={"sex": SPLIT},
        p2nia_protected="sex",
    )
    assert entry.protected == ("sex", "age>=65", "Ethnicité") and entry.uses("pcer")


def test_a_joiner_inside_a_name_is_kept_and_a_line_separator_refused():
    DatasetEntry(**BASE, protected=("s\u200dx",), feature_sets={"full": "a", "p\u200dq": "b"})
    with pytest.raises(EthicLensInputError, match="as it is typed"):
        DatasetEntry(**BASE, protected=("a\u2028b",))


@pytest.mark.parametrize("name", ["s\u202ex", "s\ud800x", "s\u200bx", "s\ue000x", "s\u00a0x"])
def test_a_name_with_a_character_that_does_not_print_is_refused(name):
    # a bidi override, a lone surrogate (a UnicodeEncodeError when printed), a zero-width
    # space, a private-use code point, a no-break space: refused as str.isprintable() did
    with pytest.raises(EthicLensInputError, match="as it is typed") as info:
        DatasetEntry(**BASE, protected=(name,))
    assert info.value.value == name
    with pytest.raises(EthicLensInputError, match="feature set needs a name"):
        DatasetEntry(**BASE, feature_sets={"full": "a", name: "b"})
