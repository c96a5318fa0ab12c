"""A signalling decimal NaN (``Decimal('sNaN')``) in a split's ids, groups, labels or losses is
refused as the missing value it is, in the words of a quiet NaN (was decimal.InvalidOperation
from pandas' isna)."""

from decimal import Decimal

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions

Y = np.array([0, 1, 1, 0])


@pytest.mark.parametrize("field", ["ids", "groups", "y_true", "y_pred", "loss"])
def test_signalling_nan_is_a_missing_value(field):
    def split(bad):
        fields = {"y_true": Y, "y_pred": Y, "groups": np.array(list("abab")), "name": "train"}
        fields |= {"ids": [0, 1, 2, 3], "loss": [0.1, 0.2, 0.3, 0.4]}
        values = list(fields[field])
        values[1] = bad
        return SplitPredictions(**{**fields, field: np.array(values, dtype=object)})

    with pytest.raises(EthicLensInputError) as quiet:
        split(Decimal("NaN"))
    with pytest.raises(EthicLensInputError) as signalling:
        split(Decimal("sNaN"))
    assert str(signalling.value) == str(quiet.value)
    assert "first at row 1" in str(signalling.value)
