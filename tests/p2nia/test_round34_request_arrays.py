"""Round 34 (P2NIA): ``make_request`` takes the groups and metrics a notebook holds as arrays
(``df["sex"].unique()``, a Series, an Index, a pyarrow string array), as ``blackbox_audit``
takes its domains: they were refused ("must be a list of group names, not ndarray"). Their
values are still checked as a list's are."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request

from .conftest import audit_frame

GROUPS = audit_frame(100, 0)["sex"].sort_values().unique()


@pytest.mark.parametrize(
    "groups",
    [GROUPS, pd.Series(GROUPS), pd.Index(GROUPS), pd.array(GROUPS, dtype="string[pyarrow]")],
)
def test_array_groups_and_metrics_are_a_list(groups):
    want = make_request(100, "sex", protected_domain=["F", "M"], epsilon=1, metrics=["dp", "eo"])
    got = make_request(
        100, "sex", protected_domain=groups, epsilon=1, metrics=np.array(["dp", "eo"])
    )
    assert got.to_dict() == want.to_dict()
    assert all(type(g) is str for g in got.protected_domain)


@pytest.mark.parametrize(
    ("groups", "said"),
    [
        (np.array([0, 1]), "every group must be a non-empty string"),
        (pd.Series(["F", None]), "every group must be a non-empty string"),
        (np.array([["F", "M"]]), "must be a list of group names, not ndarray"),
    ],
)
def test_array_values_are_checked_as_a_lists(groups, said):
    with pytest.raises(EthicLensInputError, match=said):
        make_request(100, "sex", protected_domain=groups, epsilon=1)
