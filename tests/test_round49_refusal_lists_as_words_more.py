"""Refusals that still printed a Python list or set ("choose from ['full', 'paper']", "must be
0/1, found ['0', '1', 'x']", "1 row(s) hold other values [2]", "needs at least two groups,
found ['only']") list them as every refusal does (_checks.names_words), round 49."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, read_split


def _feature_set():
    datasets.load("compas", features="everything")


def _split_labels():
    labels = np.array([0, 1, bytearray(b"1"), 0], dtype=object)  # read as b'1'
    SplitPredictions(labels, [1, 0, 1, 0], ["a", "b"] * 2, name="test")


def _file_labels(tmp_path):
    frame = pd.DataFrame({"y": [0, 1, 2, 1], "pred": [0, 1, 1, 0], "race": ["a", "b"] * 2})
    frame.to_csv(tmp_path / "te.csv", index=False)
    read_split(tmp_path / "te.csv", name="test", y_true="y", y_pred="pred", protected="race")


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda tmp: _feature_set(), "choose from full, paper"),
        (lambda tmp: _split_labels(), "must be 0/1, found 0, 1, \"b'1'\"."),
        (_file_labels, "1 row(s) hold other values 2, first at"),
    ],
)
def test_values_are_listed_as_words(tmp_path, call, said):
    with pytest.raises(EthicLensInputError) as refused:
        call(tmp_path)
    assert said in str(refused.value) and "[" not in refused.value.problem, str(refused.value)
