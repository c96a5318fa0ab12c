"""Round 20 (E): a private release bins a float32 column as the decimal it prints as (float32
0.7 is 0.7, not the 0.699999988 it widens to), as the audit and a CSV copy of it do, and its
"do not cover the data" refusal shows the edges and the data range exactly (1234567, not
1.23457e+06)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia._synth import _discretize


def _rows(dtype) -> pd.DataFrame:
    return pd.DataFrame({"x": pd.Series([0.5, 0.7, 0.7, 0.9]).astype(dtype)})


@pytest.mark.parametrize("dtype", [np.float32, "Float32"])
def test_a_float32_value_is_binned_as_it_prints(dtype):
    codes, meta = _discretize(_rows(dtype), ["x"], {"x": [0, 0.7, 1]})
    expected, _ = _discretize(_rows(np.float64), ["x"], {"x": [0, 0.7, 1]})
    assert meta["x"]["domain"] == ["[0, 0.7)", "[0.7, 1]"]
    assert codes["x"].tolist() == expected["x"].tolist() == [0, 1, 1, 1]


def test_a_float32_value_on_the_first_edge_is_inside():
    rows = _rows(np.float32)[lambda f: f["x"] > 0.6]
    codes, meta = _discretize(rows, ["x"], {"x": [0.7, 0.8, 1]})
    assert codes["x"].tolist() == [0, 0, 1]


def test_the_refusal_shows_the_edges_and_the_data_exactly():
    rows = pd.DataFrame({"inc": [1.5e6, 3e6, 2e6]})
    with pytest.raises(EthicLensInputError) as caught:
        _discretize(rows, ["inc"], {"inc": [1234567, 2345678, 2999999]})
    text = str(caught.value)
    assert "bin edges 1234567..2999999 do not cover the data (min 1500000, max 3000000)" in text
    assert "at or below 1500000 and end them at or above 3000000" in text
    rows = pd.DataFrame({"age": [20, 65.0000001]})
    with pytest.raises(EthicLensInputError, match=r"\(min 20, max 65\.0000001\)"):
        _discretize(rows, ["age"], {"age": [18, 40, 65]})
