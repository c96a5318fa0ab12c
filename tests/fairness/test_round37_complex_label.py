"""Round 37: a label or prediction cell holding the complex number 1+0j (equal to 1, so
``pd.unique`` kept only the 1 and the 0/1 check passed) escaped as a bare ``TypeError`` from
the int8 conversion, in the row audit and a counts table's audit; it is refused as not binary,
naming the value, like 2+1j."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def _labels():
    y = pd.Series([1, 0, 1, 0] * 25, dtype=object)
    y[3] = 1 + 0j
    return y


@pytest.mark.parametrize("role", ["y_true", "y_pred"])
def test_a_complex_one_is_refused_as_not_binary(role):
    other = pd.Series([1, 0, 0, 1] * 25)
    y_true, y_pred = (_labels(), other) if role == "y_true" else (other, _labels())
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y_true, y_pred, {"g": pd.Series(["a", "b"] * 50)})
    assert err.value.column == role
    assert err.value.problem == "is not binary 0/1: found values (1+0j), 0, 1"


def test_a_counts_table_with_a_complex_one_is_refused_as_not_binary():
    table = pd.DataFrame(
        {
            "g": ["a", "b", "a", "b"],
            "y_true": pd.Series([1, 0, 1 + 0j, 0], dtype=object),
            "y_pred": [1, 0, 0, 1],
            "count": [50, 50, 50, 50],
        }
    )
    found = r"is not binary 0/1: found values \(1\+0j\), 0, 1"
    with pytest.raises(EthicLensInputError, match=found):
        ethiclens.audit_counts(table, protected="g")
