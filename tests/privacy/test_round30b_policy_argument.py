"""Round 30: a policy that is not an ethiclens.Policy (``policy={}``) is refused as the
argument 'policy' by every function that takes one, not as "column 'policy'"."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens import audit
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import check_policy, compare, threshold_table
from ethiclens.privacy import SplitPredictions, pcer_audit

Y = np.array([0, 1, 1, 0] * 30)
G = np.array(["x", "y", "y", "x"] * 30)
SPLIT = SplitPredictions(Y, Y, G)
CALLS = {
    "check_policy": lambda p: check_policy(p),
    "audit": lambda p: audit(Y, Y, G, policy=p),
    "compare": lambda p: compare(Y, Y, 1 - Y, G, policy=p),
    "threshold_table": lambda p: threshold_table(Y, [0.2, 0.7] * 60, G, policy=p),
    "pcer_audit": lambda p: pcer_audit(SPLIT, SPLIT, policy=p),
}


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("policy", [{}, "strict", 0.8, [1]])
def test_a_policy_of_another_type_is_refused_as_the_argument(name, policy):
    with pytest.raises(EthicLensInputError) as err:
        CALLS[name](policy)
    assert err.value.kind == "argument" and err.value.column == "policy", err.value
    assert str(err.value).startswith("argument 'policy': must be an ethiclens.Policy"), err.value
    assert type(policy).__name__ in str(err.value) and "Policy(" in err.value.fix
