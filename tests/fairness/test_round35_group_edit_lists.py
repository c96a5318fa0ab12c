"""Round 35: a merge's or exclusion's groups given as an array, Index, Series, pyarrow array,
set or generator (``df['race'].unique()[2:]``) are those groups, as a list of them is (was
read as one group named by the container's repr: 'a merge needs two or more groups (value:
["['b' 'c']"])', 'attribute 'g' has no group "Index(['d'], dtype='str')"')."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ethiclens

_RNG = np.random.default_rng(0)
_Y, _P = _RNG.integers(0, 2, 200), _RNG.integers(0, 2, 200)
_SF = pd.DataFrame({"g": _RNG.choice(["a", "b", "c", "d"], 200)})


def _comparisons(merged, excluded):
    edits = {"merge_groups": {"g": {"bc": merged}}, "exclude_groups": {"g": excluded}}
    result = ethiclens.audit(_Y, _P, sensitive_features=_SF, n_boot=100, random_state=0, **edits)
    assert result.config["exclude_groups"] == {"g": ["d"]}
    return result.to_dict()["comparisons"]


@pytest.fixture(scope="module")
def as_lists():
    return _comparisons(["b", "c"], ["d"])


@pytest.mark.parametrize(
    "make",
    [np.array, pd.Index, pd.Series, pa.array, set, iter],
    ids=["ndarray", "Index", "Series", "pyarrow", "set", "generator"],
)
def test_merge_and_exclude_take_any_list_like_of_groups(make, as_lists):
    assert _comparisons(make(["b", "c"]), make(["d"])) == as_lists


def test_a_set_merge_is_recorded_in_one_order_on_every_run():
    merged = frozenset({"c", "b"})
    result = ethiclens.audit(
        _Y, _P, sensitive_features=_SF, n_boot=100, merge_groups={"g": {"bc": merged}}
    )
    assert result.config["merge_groups"] == {"g": {"bc": ["b", "c"]}}
