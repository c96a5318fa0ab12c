"""Round 46 review of 03ac5ae6: a Python list (or tuple) of NaT without a unit
([np.datetime64('NaT')] * n) still crashed inside pandas ('datetime64 values must have a unit
specified') where the same values as an array are refused as missing values."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y = np.array([0, 1] * 20)
G = np.array(["a", "b"] * 20)
NAT, NAT_D = np.datetime64("NaT"), np.timedelta64("NaT")


@pytest.mark.parametrize(
    ("kw", "said"),
    [
        ({"y_true": [NAT] * 40}, "argument 'y_true': 40 missing value(s), first at row 0"),
        ({"y_pred": tuple([NAT_D] * 40)}, "argument 'y_pred': 40 missing value(s)"),
        ({"y_true": [NAT, *[1, 0] * 19, 1]}, "argument 'y_true': 1 missing value(s)"),
        ({"sensitive_features": [NAT] * 40}, "40 missing group value(s)"),
        ({"sensitive_features": {"g": [NAT] * 40}}, "column 'g': 40 missing group value(s)"),
        ({"sample_weight": [NAT] * 40}, "holds dates or times, not weights"),
    ],
)  # fmt: skip
def test_a_list_of_unitless_nat_is_refused_not_crashed(kw, said):
    args = {"y_true": Y, "y_pred": Y, "sensitive_features": G, **kw}
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(**args)
    assert said in str(info.value), str(info.value)
