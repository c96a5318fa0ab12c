"""Round 32 review (P2NIA): ``blackbox_audit(queries=...)`` with a missing group told the
caller to "list every group in domains['g']", which no list of groups can do for a missing
value (and named a domain that may not exist: the groups taken from the queries). The fix
now says to drop those queries or fill in their group; a group outside the list keeps its
fix."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit


def predict(q):
    return np.arange(len(q)) % 2


@pytest.mark.parametrize("domains", [{"g": ["a", "b"]}, {"x": (0, 1)}])
def test_a_missing_group_is_told_to_drop_or_fill_those_queries(domains):
    q = pd.DataFrame({"g": [None] + ["a", "b"] * 49 + ["a"], "x": 0.5})
    with pytest.raises(EthicLensInputError, match="1 missing value") as caught:
        blackbox_audit(predict, domains, "g", 100, queries=q, random_state=0)
    assert "Fix: drop the queries without a group, or fill in their group" in str(caught.value)
    assert "domains[" not in str(caught.value)


def test_a_group_outside_the_list_keeps_its_fix():
    q = pd.DataFrame({"g": ["a", "b", "c"] * 40})
    with pytest.raises(EthicLensInputError, match="list every group in domains"):
        blackbox_audit(predict, {"g": ["a", "b"]}, "g", 100, queries=q, random_state=0)
