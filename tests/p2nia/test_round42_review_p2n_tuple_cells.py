"""Round 42 review of f9a3d067 and a43ccdd5: a tuple holding a list (hashable to isinstance,
not to hash()) is refused as one answer / one released cell, as a list is."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia._blackbox import _predictions
from ethiclens.p2nia._protocol import unhashable


def test_a_tuple_holding_a_list_is_one_refusal_of_predict():
    answers = pd.Series([([1],)] + [0] * 49, dtype=object)
    with pytest.raises(EthicLensInputError, match=r"got a tuple as one answer \(\(\[1\],\)\)"):
        _predictions(answers, 50)  # before: TypeError: unhashable type: 'list'


@pytest.mark.parametrize(
    ("value", "expected"),
    [([1], True), ({1}, True), (([1],), True), ((1, (2, {3})), True), ((1, 2), False), (1, False)],
)
def test_unhashable(value, expected):
    assert unhashable(value) is expected
