"""Round 39 review: ethiclens.audit groups an object column by its values' text, as Dask and
the files' readers do. Was: pd.factorize merged values that are equal but print apart (True
and 1, 1 and 1.0, Decimal('1.1') and Decimal('1.10')) into one group labelled as the first
came: True, 1, 1.0 and 2 counted a group 'True' of 3 rows (Dask: four groups of 1), and True
beside 1 was refused as 'a single group'. Equal values printing alike stay one group."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

OPTS = {"n_boot": 200, "min_group_size": 1, "min_label_count": 1}
Y, P = [1, 0, 1, 0], [1, 1, 0, 0]


def _groups(values) -> list:
    g = pd.DataFrame({"g": pd.Series(values, dtype=object)})
    result = ethiclens.audit(pd.Series(Y), pd.Series(P), g, **OPTS)
    return [(x["group"], x["n"]) for x in result.to_dict()["attributes"][0]["groups"]]


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([True, 1, 1.0, 2], [("1", 1), ("1.0", 1), ("2", 1), ("True", 1)]),
        ([True, 1, True, 1], [("1", 2), ("True", 2)]),
        ([1, True, 1, True], [("1", 2), ("True", 2)]),
        ([False, 0, "x", "x"], [("0", 1), ("False", 1), ("x", 2)]),
        (
            [Decimal("1.1"), Decimal("1.10"), Decimal("1.1"), Decimal("1.10")],
            [("1.1", 2), ("1.10", 2)],
        ),
    ],
)
def test_equal_values_printing_apart_are_groups_apart(values, expected):
    assert _groups(values) == expected


def test_a_numpy_array_of_objects_too():
    g = {"g": np.array([True, 1, True, 1], dtype=object)}
    result = ethiclens.audit(np.array(Y), np.array(P), g, **OPTS)
    assert [x["group"] for x in result.to_dict()["attributes"][0]["groups"]] == ["1", "True"]


def test_equal_values_printing_alike_stay_one_group():
    assert _groups([np.int64(1), 1, "x", "x"]) == [("1", 2), ("x", 2)]
    assert _groups([0.0, -0.0, "x", "x"]) == [("0.0", 2), ("x", 2)]
    with pytest.raises(EthicLensInputError, match="distinct values print the same"):
        _groups([1, "1", 1, "1"])
