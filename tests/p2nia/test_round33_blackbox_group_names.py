"""Round 33 (P2NIA): ``blackbox_audit`` checks the protected attribute's groups by the audit's
rules (``encode_groups``), as ``make_request`` checks ``--groups``: a domain listing a missing
group (None raised numpy's ValueError "'list' argument must have no negative elements"; NaN was
audited as a group 'nan'), a blank name, or two names that print alike ('F' and 'F ', audited
as two groups) is refused naming ``domains['g']``, and the same in queries without a domain
naming ``queries``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit


def _model(q):
    return (q["x"] > 0.5).astype(int)


@pytest.mark.parametrize(
    ("groups", "said"),
    [
        (["a", None], "1 missing group value(s)"),
        (["a", np.nan], "1 missing group value(s)"),
        (["F", "F "], "distinct values print the same"),
        (["a", " "], "holds blank group names"),
    ],
)
def test_domain_groups_checked_as_the_audit_checks_them(groups, said):
    with pytest.raises(EthicLensInputError) as err:
        blackbox_audit(_model, {"g": groups, "x": (0.0, 1.0)}, "g", 100, random_state=0)
    assert str(err.value).startswith("argument \"domains['g']\": " + said), str(err.value)


def test_query_groups_without_a_domain_checked_alike():
    queries = pd.DataFrame({"g": ["F", "F "] * 50, "x": np.linspace(0, 1, 100)})
    with pytest.raises(EthicLensInputError) as err:
        blackbox_audit(_model, {"x": (0.0, 1.0)}, "g", 100, queries=queries, random_state=0)
    assert str(err.value).startswith("argument 'queries': distinct values print the same")


def test_good_groups_estimate_as_before():
    est = blackbox_audit(_model, {"g": ["a", "b"], "x": (0.0, 1.0)}, "g", 100, random_state=0)
    assert est == {
        "dp": 0.009740259740259716,
        "eopp": 0.08333333333333337,
        "eo": 0.09090909090909094,
    }
