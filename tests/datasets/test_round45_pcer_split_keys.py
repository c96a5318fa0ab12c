"""Round 45 (review of ddfe31f8, its sibling): a BinarySplit's column and groups are refused
when they print as nothing, but the key naming the split's attribute in PCER's tables
(``DatasetEntry(pcer_splits={'\\u200b': split})``, also '', ' ', U+3164 or a non-str key) was
taken, and PCER's tables and ``--attribute`` would name it by nothing. It is refused when the
entry is made, by the one rule (``_text.prints_blank``)."""

from __future__ import annotations

import pytest

from ethiclens.datasets import BinarySplit, DatasetEntry
from ethiclens.errors import EthicLensInputError

SPLIT = BinarySplit(column="sex", group0="Male", group1="Female", one_values=("Female",))


def _entry(splits):
    return DatasetEntry(
        name="toy",
        loader="ethiclens.datasets:load_adult",
        description="a toy",
        positive_is_favorable=True,
        pcer_splits=splits,
    )


@pytest.mark.parametrize("key", ["", " ", "\u200b", "\u3164", "\u2800", 1], ids=ascii)
def test_a_split_key_that_prints_as_nothing_is_refused(key):
    with pytest.raises(EthicLensInputError, match="attribute needs a name that prints") as caught:
        _entry({key: SPLIT})
    assert caught.value.column == "pcer_splits"
    assert caught.value.value == key


def test_a_named_split_is_still_taken():
    assert list(_entry({"s\u200dx": SPLIT, "sex": SPLIT}).pcer_splits) == ["s\u200dx", "sex"]
