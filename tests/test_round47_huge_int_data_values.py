"""A data cell holding a whole number past Python's int-to-text limit (10**5000 in an object
column: ``str()`` of it raises ValueError) is refused naming its column, the number shortened,
on every path that measures or prints group labels, never a ValueError about the limit."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import spec
from ethiclens._checks import check_label_lengths
from ethiclens.errors import EthicLensInputError

HUGE = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"


def _table(col):
    table = pd.DataFrame(
        {"g": ["a", "b", "a", "b"], "y_true": [0, 0, 1, 1], "y_pred": [0, 1, 1, 0], "count": 5}
    )
    table[col] = pd.Series(list(table[col].iloc[:-1]) + [HUGE], dtype=object)
    return table


CALLS = {
    "counts table group (audit_counts)": (
        "g",
        lambda: spec.audit_counts(_table("g"), protected=["g"]),
    ),
    "counts table label (audit_counts)": (
        "y_true",
        lambda: spec.audit_counts(_table("y_true"), protected=["g"]),
    ),
    "label lengths (rows)": ("g", lambda: check_label_lengths(np.array(["a", HUGE], object), "g")),
    "label lengths (counted cells)": (
        "g",
        lambda: check_label_lengths(np.array(["a", HUGE], object), "g", counts=[1, 2]),
    ),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_huge_whole_number_in_a_data_column_is_refused_naming_it(call):
    column, run = call
    with pytest.raises(EthicLensInputError) as err:
        run()
    assert f"'{column}'" in str(err.value) and SHOWN in str(err.value)
    assert "4300" not in str(err.value)
