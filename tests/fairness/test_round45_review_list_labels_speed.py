"""Round 45 review (1M-row, 2,000-group timing of _groups_kept): a bare Python list of group
labels was looked at item by item with np.ndim (is it a list of arrays?), a second of CPU for
a million labels, more than the 2,000-group audit's own work; Python's plain scalars are now
answered by their type, and a list of arrays is refused as before."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.fairness._validate import encode_groups

LABELS = ["a", "b", 1, 2.0, None, b"x", True]


def test_plain_labels_are_not_each_asked_their_ndim(monkeypatch):
    calls = []
    ndim = np.ndim
    monkeypatch.setattr(np, "ndim", lambda v: calls.append(v) or ndim(v))
    groups = ["a", "b"] * 500
    encoded = encode_groups(groups, len(groups))
    assert list(encoded["sensitive_feature_0"][0]) == ["a", "b"]
    assert not [v for v in calls if type(v) in {type(x) for x in LABELS}]


@pytest.mark.parametrize("item", [np.array(["a", "b"]), ["a", "b"], pd.Series(["a", "b"])])
def test_a_list_of_arrays_is_still_refused(item):
    with pytest.raises(EthicLensInputError, match="list of arrays"):
        encode_groups([item, item], 2)
