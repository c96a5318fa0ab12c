"""Round 33 review (cc78e352): a wrong value inside a Python keyword's mapping is named by the
keys the caller wrote, read off the value given: an attribute or group whose name holds a dot
is one key (``exclude_groups['a.b']``), and a list's item after it is still an index; the
config key's dotted path had been split at every dot (``exclude_groups['a']['b']['0']``)."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    frame = pd.DataFrame({"y": [0, 1] * 20, "p": [1, 0, 0, 1] * 10, "a.b": ["A", "B"] * 20})
    frame.to_csv(path, index=False)
    return str(path)


@pytest.mark.parametrize(
    ("keyword", "value", "named"),
    [
        ("exclude_groups", {"a.b": "A"}, "exclude_groups['a.b']"),
        ("exclude_groups", {"a.b": [None]}, "exclude_groups['a.b'][0]"),
        ("merge", {"a.b": {"X.Y": "A"}}, "merge['a.b']['X.Y']"),
        ("merge_groups", {"a.b": {"X.Y": ["A", None]}}, "merge_groups['a.b']['X.Y'][1]"),
        ("merge", {"a.b": {"1": ["A", None]}}, "merge['a.b']['1'][1]"),
        ("bins", {"a.b": (0, "x")}, "bins['a.b'][1]"),
    ],
)
def test_a_key_holding_a_dot_is_one_key(data, keyword, value, named):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(data, y_true="y", y_pred="p", protected="a.b", **{keyword: value})
    assert str(err.value).startswith(f"argument {named!r}: must be "), err.value
