"""Round 45: a refusal whose value (or column) was a NumPy number, a cell read from a frame,
showed NumPy 2's repr: 'load_bios(...)' of a file whose gender column holds True/False said
"(value: np.True_)", likewise np.int64(3), np.float64(0.5), np.float32(0.1) (and a column
named by a NumPy integer, "column np.int64(2)"). Every message shows the value as written:
True, 3, 0.5, 0.1; a float as NumPy prints it (never float32's 0.10000000149011612)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.errors import DataFileError, EthicLensInputError


@pytest.mark.parametrize(
    "value, shown",
    [
        (np.True_, "True"),
        (np.int64(3), "3"),
        (np.uint8(7), "7"),
        (np.float64(0.5), "0.5"),
        (np.float32(0.1), "0.1"),
        (np.float64("nan"), "nan"),
        ([np.int64(1), np.float64(2.5)], "[1, 2.5]"),
        ({"a": np.int64(1)}, "{'a': 1}"),
    ],
)
def test_a_numpy_value_is_shown_as_written(value, shown):
    said = str(EthicLensInputError("bad", column=np.int64(2), value=value))
    assert said == f"column 2: bad (value: {shown})"


def test_a_bios_gender_of_true_false_is_refused_as_written(tmp_path):
    rows = pd.DataFrame(
        {"text": ["a", "b"], "occupation": ["surgeon", "nurse"], "gender": [True, False]}
    )
    rows.to_csv(tmp_path / "b.csv", index=False)
    with pytest.raises(DataFileError) as info:
        datasets.load_bios(tmp_path / "b.csv")
    assert "(value: True)" in str(info.value) and "np." not in str(info.value)
