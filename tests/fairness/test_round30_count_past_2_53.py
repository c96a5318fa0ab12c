"""Round 30: a count of 2**53 + 1 (an int64 column) is refused in its own cell as above 2**53;
it read as the float 2**53, passed, and the refusal named the next cell ("the counts add up
past 2**53 here", showing that cell's innocent count)."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("dtype", ["int64", "uint64", "Int64"])
def test_a_count_just_past_2_53_is_refused_where_it_is(dtype):
    table = pd.DataFrame(
        {"g": ["a", "a", "b", "b"], "y_true": [1, 0, 1, 0], "y_pred": [1, 1, 0, 0]}
    )
    table["count"] = pd.Series([2**53 + 1, 50, 60, 70], dtype=dtype)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit_counts(table, protected=["g"])
    assert err.value.column == "count"
    assert "a count above 2**53" in err.value.problem
    assert "row 0" in err.value.problem
    assert err.value.value == 2**53 + 1
