"""Round 32 review: a refusal shows its value on one line when the value is a pandas Series,
a DataFrame or a 2-D array (``make_request(100, {"sex": pd.Series(["F", "M"])})``): its repr
spread the one-line message over several lines ("0    F\\n1    M\\ndtype: str")."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (pd.Series(["F", "M"]), "['F', 'M']"),
        (np.array([[1, 2], [3, 4]]), "[[1, 2], [3, 4]]"),
        (pd.Categorical(["a"]), "['a']"),
        (pd.DataFrame({"a": [1, 2]}), None),
        ({"sex": pd.Series(["F", "M"])}, "{'sex': ['F', 'M']}"),
        ("a\nb", "'a\\nb'"),
    ],
)
def test_the_value_is_on_one_line(value, shown):
    text = str(EthicLensInputError("bad", column="c", value=value))
    assert "\n" not in text, text
    if shown is not None:
        assert text == f"column 'c': bad (value: {shown})"


def test_a_request_names_the_series_on_one_line():
    with pytest.raises(EthicLensInputError) as caught:
        make_request(100, {"sex": pd.Series(["F", "M"])})
    assert "\n" not in str(caught.value) and "{'sex': ['F', 'M']}" in str(caught.value)
