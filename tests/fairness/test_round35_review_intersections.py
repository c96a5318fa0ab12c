"""Round 35 review: ``intersections`` and its combinations given as an Index, array, Series
or pyarrow array (``[df.columns[:2]]``) cross the same attributes as lists of their names, as
``names``, ``protected`` and the group edits take them since round 35 (was refused 'each a
list of names, not a Index')."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ethiclens


def _data():
    rng = np.random.default_rng(1)
    n = 400
    sf = pd.DataFrame({"sex": rng.choice(["F", "M"], n), "race": rng.choice(["a", "b"], n)})
    return rng.integers(0, 2, n), rng.integers(0, 2, n), sf


def _crossings(result) -> list:
    return [a.name for a in result.attributes]


@pytest.mark.parametrize(
    "given",
    [
        lambda sf: [sf.columns[:2]],
        lambda sf: np.array([["sex", "race"]]),
        lambda sf: [np.array(["sex", "race"])],
        lambda sf: [pd.Series(["sex", "race"])],
        lambda sf: [pa.array(["sex", "race"])],
    ],
    ids=["index", "2d-array", "array", "series", "pyarrow"],
)
def test_intersections_as_arrays_cross_as_lists(given):
    y, p, sf = _data()
    kw = dict(sensitive_features=sf, n_boot=100, random_state=0)
    listed = ethiclens.audit(y, p, intersections=[["sex", "race"]], **kw)
    result = ethiclens.audit(y, p, intersections=given(sf), **kw)
    assert _crossings(result) == _crossings(listed) == ["sex", "race", "sex&race"]
    assert result.to_dict()["comparisons"] == listed.to_dict()["comparisons"]


def test_a_string_among_them_is_still_refused():
    y, p, sf = _data()
    with pytest.raises(ethiclens.EthicLensInputError, match="not a string"):
        ethiclens.audit(y, p, sensitive_features=sf, intersections=sf.columns[:2], n_boot=100)
