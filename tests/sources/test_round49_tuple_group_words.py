"""Round 49: a tuple group value (hashable) was refused as "lists or other unhashable values".
The refusal now says what it refuses: a list, tuple or other cell that is not one value."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_a_tuple_group_is_not_called_unhashable():
    frame = pd.DataFrame({"y": [0, 1] * 5, "p": [1, 0] * 5, "g": [("a", 1), ("b", 2)] * 5})
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(frame["y"], frame["p"], frame["g"], n_boot=100)
    text = str(info.value)
    assert "unhashable" not in text
    assert text.startswith(
        "column 'g': group values must be scalars (found a list, tuple or other cell that is "
        "not one value), first at row 0 (value: ('a', 1))"
    )
