"""Round 32 review: a protected column named like the command line's argument TARGET (or
STORE) is called a column in make_counterfactuals' refusals about it, as the audit calls it:
it said "argument 'TARGET'" (missing values, one group, lists as values)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import make_counterfactuals


@pytest.mark.parametrize("name", ["TARGET", "STORE"])
@pytest.mark.parametrize("values", [["a", None, "b"], ["a", "a"], [[1], [2]]])
def test_a_column_named_like_an_argument_is_a_column(name, values):
    with pytest.raises(EthicLensInputError) as err:
        make_counterfactuals(pd.DataFrame({name: values}), name)
    assert err.value.kind == "column" and str(err.value).startswith(f"column '{name}': ")


def test_the_groups_argument_is_still_an_argument():
    with pytest.raises(EthicLensInputError) as err:
        make_counterfactuals(pd.DataFrame({"TARGET": ["a", "b"]}), "TARGET", groups="a")
    assert err.value.column != "TARGET"
