"""Round 35 (P2NIA): a categorical protected column filtered to the requested groups (its
dtype still lists a dropped one) was refused by ``release`` even with the groups requested
("group(s) ['X'] have no rows (categories of the column's type that no row has)"); the
request's groups are the domain: the release is made, and a requested group no row holds is
refused in the release's own words."""

import warnings

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release

from .conftest import audit_frame


def _frame() -> pd.DataFrame:
    data = audit_frame(300, 0)
    return data.assign(sex=pd.Categorical(data["sex"], categories=["F", "M", "X"]))


def _release(groups):
    req = make_request(100, "sex", protected_domain=groups, epsilon=2, metrics="dp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, _frame(), "y", "pred", random_state=0)


def test_an_unused_category_outside_the_requested_groups_is_no_group():
    assert _release(["F", "M"]).manifest["columns"]["sex"]["domain"] == ["F", "M"]


def test_a_requested_group_no_row_holds_is_refused_as_such():
    with pytest.raises(EthicLensInputError, match=r"requested group\(s\) X have no rows"):
        _release(["F", "M", "X"])
    with pytest.raises(EthicLensInputError, match="categories of the column's type"):
        _release(None)  # the data's groups: the audit's rule, as before
