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
