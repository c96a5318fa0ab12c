"""Round 40 review of the p2nia hunt (1f0e99af, aaed0ad9, 8a258609): siblings left.

- A re-signed AIM/MST manifest whose budget charge ρ is an int past a float's range (10**400)
  passed ``0 < ρ < inf`` and stopped ``read_release`` at math.fsum with an OverflowError
  traceback; it is refused as any charge out of range is.
- ``blackbox_audit(queries=...)`` with a list, dict or set cell in the protected column stopped
  at pandas' factorize (TypeError: unhashable type), and a ``Decimal('sNaN')`` cell (a SQL
  NUMERIC's) at pandas' isna (decimal.InvalidOperation); they are refused in the audit's words:
  'group values must be scalars ...' and '1 missing value(s)'.
- 1f0e99af's check of equal domain values (True and 1) ran pandas' unique before the audit's
  group rules: a domain holding a list, a dict or Decimal('sNaN') became a TypeError traceback
  where it was refused 'group values must be scalars' / '1 missing group value(s)'.
"""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit
from ethiclens.p2nia._mechanisms import _check_charges


def test_a_huge_budget_charge_in_a_resigned_manifest_is_refused():
    # the charges read_release checks in a re-signed AIM/MST manifest (a release takes seconds)
    priv = {"charges": [["measure ('A',)", 10**400]], "measured_marginals": [["A"]]}
    with pytest.raises(
        EthicLensInputError, match=r"a budget charge must be \[step, ρ > 0\]"
    ) as info:
        _check_charges(priv, 1.0)
    assert info.value.column == "manifest.json:columns._privacy.charges[0]"


def _audit(cell):
    q = pd.DataFrame({"A": pd.Series([cell, 1, 0, 0] * 5, dtype=object), "x": range(20)})
    return blackbox_audit(lambda d: np.zeros(len(d), int), {"x": (0, 1)}, "A", 20, queries=q)


@pytest.mark.parametrize("cell", [[1], {"a": 1}, {1}])
def test_a_query_cell_that_is_not_one_value_is_refused_by_name(cell):
    with pytest.raises(EthicLensInputError, match="group values must be scalars") as info:
        _audit(cell)
    assert info.value.column == "queries" and "first at row 0" in str(info.value)


def test_a_signalling_nan_decimal_in_the_queries_is_a_missing_group():
    with pytest.raises(EthicLensInputError, match=r"5 missing value\(s\) of 'A'"):
        _audit(Decimal("sNaN"))


@pytest.mark.parametrize("cell", [[1], {"a": 1}, Decimal("sNaN")])
def test_a_domain_cell_no_hash_takes_is_refused_in_the_audits_words(cell):
    # 1f0e99af's equality check ran pandas' unique first: a TypeError traceback
    with pytest.raises(EthicLensInputError, match="group values must be scalars|1 missing") as info:
        blackbox_audit(lambda d: np.zeros(len(d), int), {"A": [cell, 0]}, "A", 20, random_state=0)
    assert info.value.column == "domains['A']"
