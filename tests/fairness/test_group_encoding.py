"""Group columns given as numpy string arrays skip the DataFrame (fairness/_validate.py): the
same groups, codes and messages as any other column, and a hash collision cannot merge groups."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens.fairness._validate as validate
from ethiclens import EthicLensInputError
from ethiclens.fairness._validate import encode_groups


def _via_pandas(values):
    """The general path: the same column as a pandas Series."""
    return encode_groups(pd.Series(values, name="g"), len(values))["g"]


@pytest.mark.parametrize(
    "values",
    [
        ["b", "a", "b", "c"],
        ["x", "é", "日本", "x", "é"],
        ["aaaaaaaa", "a", "aaaaaaaa"],  # 32-byte rows (64-bit words) and shorter ones
        ["group_12", "group_7", "group_12"],
    ],
)
def test_numpy_strings_encode_as_the_series(values):
    arr = np.array(values)
    labels, codes = _via_pandas(arr)
    for given in (arr, {"g": arr}, arr[::-1][::-1]):
        name, (got_labels, got_codes) = next(iter(encode_groups(given, len(arr)).items()))
        assert got_labels == labels and np.array_equal(got_codes, codes)
    assert list(encode_groups(arr, len(arr))) == ["sensitive_feature_0"]


def test_a_hash_collision_falls_back_to_pandas(monkeypatch):
    # a zero multiplier keeps only the last 64-bit word (two characters) of each row, so
    # "abcd" and "zzcd" collide
    monkeypatch.setattr(validate, "_HASH_MULTIPLIER", 0)
    arr = np.array(["abcd", "zzcd", "abce", "zzce", "abcd"])
    assert validate._factorize_strings(arr) is None
    labels, codes = encode_groups({"g": arr}, len(arr))["g"]
    assert labels == ["abcd", "abce", "zzcd", "zzce"]
    assert codes.tolist() == [0, 2, 1, 3, 0]


def test_numpy_strings_keep_the_messages():
    with pytest.raises(EthicLensInputError, match="empty group name"):
        encode_groups({"g": np.array(["a", "", "b"])}, 3)
    with pytest.raises(EthicLensInputError) as short:
        encode_groups({"g": np.array(["a", "b"])}, 3)  # the general path says it
    with pytest.raises(EthicLensInputError) as short_series:
        encode_groups({"g": pd.Series(["a", "b"])}, 3)
    assert str(short.value) == str(short_series.value)
