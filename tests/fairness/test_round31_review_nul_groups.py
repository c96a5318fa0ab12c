"""Round 31 review: group names given as a Python list (or a dict of lists) that hold NUL
keep it, as a Series keeps it: numpy's fixed-width text dropped a trailing NUL, so 'A\\x00'
was counted in group A unseen and '\\x00' refused as the empty name ''."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens

N = 300
Y, P = list(np.arange(N) % 2), list((np.arange(N) // 2) % 2)


def _counts(sf) -> dict:
    result = ethiclens.audit(Y, P, sf, n_boot=100, random_state=0)
    (attribute,) = result.to_dict()["attributes"]
    return {g["group"]: g["n"] for g in attribute["groups"]}


@pytest.mark.parametrize("name", ["A\x00", "\x00"])
def test_a_list_keeps_nul_as_a_series_does(name):
    labels = ["A", "B", name] * (N // 3)
    series = _counts(pd.Series(labels))
    assert series[name] == N // 3 and series["A"] == N // 3
    assert _counts(labels) == series
    assert _counts({"sensitive_feature_0": labels}) == series
