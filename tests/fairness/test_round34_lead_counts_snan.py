"""Round 34 (lead): a counts table (``audit_counts``) holding a signalling decimal NaN
(``Decimal('sNaN')``, as a SQL NUMERIC column hands it over) in a group, label, prediction or
count cell is refused in the words a quiet ``Decimal('NaN')`` gets; was decimal.InvalidOperation
(a group, y_true, y_pred) or "TypeError: Cannot hash a signaling NaN value" (count), the
siblings of 25be0d2d's row audits. The caller's table is not changed."""

from decimal import Decimal

import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError


def _table() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "g": ["a", "a", "b", "b"] * 2,
            "y_true": [0, 1, 0, 1] * 2,
            "y_pred": [0, 0, 1, 1, 1, 1, 0, 0],
            "count": [40, 30, 35, 25, 20, 30, 25, 35],
        }
    ).astype(object)


def _refusal(column, value):
    table = _table()
    table.loc[2, column] = value
    before = table.copy()
    with pytest.raises(EthicLensInputError) as info:
        el.audit_counts(table, protected=["g"])
    assert table.equals(before)  # the caller's table as it was
    return str(info.value)


@pytest.mark.parametrize("column", ["g", "y_true", "y_pred", "count"])
def test_a_signalling_nan_cell_is_refused_as_the_quiet_nan_is(column):
    quiet = _refusal(column, Decimal("NaN"))
    assert _refusal(column, Decimal("sNaN")) == quiet
