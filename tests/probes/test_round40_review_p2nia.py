"""Round 40 review of the p2nia hunt (75b96576): make_counterfactuals on a protected object
column holding ``Decimal('sNaN')`` (a SQL NUMERIC's signalling NaN) stopped at pandas' isna
with decimal.InvalidOperation; it is a missing group value, as the audit refuses it."""

from decimal import Decimal

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import make_counterfactuals


def test_a_signalling_nan_decimal_group_is_refused_as_missing():
    X = pd.DataFrame(
        {"A": pd.Series([Decimal("1"), Decimal("sNaN"), Decimal("2")]), "x": [1, 2, 3]}
    )
    with pytest.raises(EthicLensInputError, match=r"1 missing group value\(s\), first at row 1"):
        make_counterfactuals(X, "A")
