"""Round 45: a float -0.0 in an object column (or a category) is the group '0.0' in audit(),
compare() and threshold_table(), as the counts path (sources.canonical_zero), Dask and a float
column name it, whichever row comes first (it was named by the first row: '-0.0' or '0.0')."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, counts_of

Y = [0, 1, 1] * 100
P = [1, 0, 1] * 100


def _groups(result) -> list:
    return [g["group"] for g in result.to_dict()["attributes"][0]["groups"]]


@pytest.mark.parametrize(
    "values",
    [
        [-0.0, 0.0, "a"],
        [0.0, -0.0, "a"],
        [np.float32(-0.0), 0.0, "a"],
        [np.float64(-0.0), "a", "b"],
        [-0.0, 1.0, 0.0],
    ],
)
@pytest.mark.parametrize("dtype", [object, "category"])
def test_negative_zero_is_group_zero(values, dtype):
    g = pd.Series(values * 100, dtype=dtype, name="g")
    groups = _groups(ethiclens.audit(Y, P, g))
    assert "0.0" in groups and "-0.0" not in groups
    frame = pd.DataFrame({"y": Y, "p": P, "g": g})
    table = counts_of(frame, Roles(y_true="y", y_pred="p", protected=["g"]))
    assert _groups(ethiclens.audit_counts(table)) == groups


def test_negative_zero_other_faces():
    g = {"g": pd.Series([-0.0, 0.0, "a"] * 100, dtype=object)}
    scores = np.linspace(0, 1, 300)
    table = ethiclens.threshold_table(Y, scores, g).to_dict()
    assert {r["group"] for r in table["rows"]} == {"0.0", "a"}
    comparison = ethiclens.compare(Y, P, [0, 1, 1] * 100, g).to_dict()
    assert {d["group"] for d in comparison["group_differences"]} == {"0.0", "a"}
