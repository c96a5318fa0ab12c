"""Round 40 (p2nia hunt): blackbox_audit took a protected domain listing equal values of two
types ([True, 1, 0], [1, 1.0, 2]) as three groups, though a model, the audit and a release see
two (True == 1): the gaps were computed between a group and itself. Such a domain is now
refused as a domain that repeats a group is."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit


def _predict(queries):
    return (queries["x"] > 0).astype(int).to_numpy()


@pytest.mark.parametrize("groups", [[True, 1, 0], [1, 1.0, 2], [np.int64(1), 1, 2]])
def test_equal_groups_in_the_protected_domain_are_refused(groups):
    domains = {"A": groups, "x": [0, 1, 2]}
    with pytest.raises(EthicLensInputError, match="each once") as info:
        blackbox_audit(_predict, domains, "A", 100, random_state=0)
    assert info.value.column == "domains['A']"


def test_distinct_groups_are_still_audited():
    domains = {"A": [True, False], "x": [0, 1, 2]}
    result = blackbox_audit(_predict, domains, "A", 200, random_state=0)
    assert set(result) == {"dp", "eo", "eopp"}


def test_queries_of_equal_values_of_two_types_are_one_group():
    # True and 1 are one group, as the audit and every engine count them: the model's gap
    # between its True/1 rows and its 0 rows, not between True and 1 (was dp 1.0, not 0.5)
    import pandas as pd

    queries = pd.DataFrame(
        {"A": pd.Series([True, 1, 0] * 30, dtype=object), "x": np.arange(90) % 3}
    )
    merged = queries.assign(A=queries["A"] == True)  # noqa: E712 - the bool column itself
    result = blackbox_audit(_predict, {"x": [0, 1, 2]}, "A", 90, queries=queries, random_state=0)
    assert result == blackbox_audit(
        _predict, {"x": [0, 1, 2]}, "A", 90, queries=merged, random_state=0
    )
    assert result["dp"] == pytest.approx(0.5)
