"""Round 33: a wrong value inside a Python keyword's mapping (``exclude_groups={'g': 'A'}``,
a string where a list of groups goes) is refused naming the keyword as the caller wrote it,
as a wrong keyword value is (``exclude_groups='g'``: argument 'exclude_groups'); it named the
config key 'groups.exclude.g', which a Python caller never wrote. The string is never read
as its characters."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    pd.DataFrame({"y": [0, 1] * 20, "p": [1, 0, 0, 1] * 10, "g": ["A", "AB"] * 20}).to_csv(
        path, index=False
    )
    return str(path)


@pytest.mark.parametrize(
    ("keyword", "value", "named"),
    [
        ("exclude_groups", {"g": "A"}, "exclude_groups['g']"),
        ("exclude", {"g": "A"}, "exclude['g']"),
        ("merge_groups", {"g": {"X": "A"}}, "merge_groups['g']['X']"),
        ("merge", {"g": {"X": "A"}}, "merge['g']['X']"),
    ],
)
def test_a_wrong_value_inside_a_keyword_names_the_keyword(data, keyword, value, named):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(data, y_true="y", y_pred="p", protected="g", **{keyword: value})
    assert str(err.value).startswith(f"argument {named!r}: must be a list (value: 'A')"), err
    assert "groups." not in str(err.value)


def test_a_config_file_still_names_its_key(tmp_path, data):
    spec = {"target": {"file": data}, "roles": {"y_true": "y", "y_pred": "p", "protected": ["g"]}}
    with pytest.raises(EthicLensInputError, match="key 'groups.exclude.g': must be a list"):
        ethiclens.run({**spec, "groups": {"exclude": {"g": "A"}}})


@pytest.mark.parametrize(
    ("keyword", "value", "named"),
    [
        ("exclude_groups", {"g": [None]}, "exclude_groups['g'][0]"),
        ("merge", {"g": {"X": ["A", None]}}, "merge['g']['X'][1]"),
        ("bins", {"g": [0, "x"]}, "bins['g'][1]"),
    ],
)
def test_a_list_item_is_named_by_its_index(data, keyword, value, named):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(data, y_true="y", y_pred="p", protected="g", **{keyword: value})
    assert str(err.value).startswith(f"argument {named!r}: must be "), err
