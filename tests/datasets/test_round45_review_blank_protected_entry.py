"""Round 45 review of beb28dd4 (its sibling): a PCER split keyed by a name that prints as nothing
is refused when the entry is made, but the entry's own protected columns were not:
DatasetEntry(protected=('\\u200b',)) (also '', ' ', U+3164 beside a real name) was registered,
and every audit of it would head its groups with a name that prints as nothing. It is now
refused by the one rule (_text.prints_blank), naming the field."""

from __future__ import annotations

import pytest

from ethiclens.datasets import DatasetEntry
from ethiclens.errors import EthicLensInputError

BASE = dict(name="toy", loader="m:f", description="d", positive_is_favorable=True)


@pytest.mark.parametrize("blank", ["", " ", "\u200b", "\u3164", "\u2800"], ids=ascii)
def test_a_protected_column_that_prints_as_nothing_is_refused(blank):
    with pytest.raises(EthicLensInputError) as caught:
        DatasetEntry(**BASE, protected=("sex", blank))
    assert caught.value.column == "protected"
    assert caught.value.problem == "an attribute's name must not be empty (it prints as nothing)"


def test_named_columns_are_kept():
    assert DatasetEntry(**BASE, protected=["sex", "race"]).protected == ("sex", "race")
