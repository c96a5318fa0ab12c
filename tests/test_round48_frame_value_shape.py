"""A refusal of a frame printed the frame's repr on one line: probes.write_counterfactuals(
pd.DataFrame(), 'g', out) said "(value: Empty DataFrame Columns: [] Index: [])". The one
shortener (errors._Repr) now shows a frame as its kind and shape."""

import pandas as pd
import pytest

import ethiclens.probes as probes
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (pd.DataFrame(), "(value: a DataFrame of 0 rows × 0 columns)"),
        (
            pd.DataFrame({"a": range(2000), "b": 1}),
            "(value: a DataFrame of 2,000 rows × 2 columns)",
        ),
        ([pd.DataFrame({"a": [1]})], "(value: [a DataFrame of 1 row × 1 column])"),
    ],
)
def test_a_frame_is_shown_by_its_kind_and_shape(value, shown):
    assert shown in str(EthicLensInputError("bad", column="c", value=value))


def test_write_counterfactuals_given_a_frame_for_a_path(tmp_path):
    with pytest.raises(EthicLensInputError) as info:
        probes.write_counterfactuals(pd.DataFrame(), "g", tmp_path / "out")
    said = str(info.value)
    assert "(value: a DataFrame of 0 rows × 0 columns)" in said
    assert "Empty DataFrame" not in said
