"""Round 37: a frozenset in a group cell (hashable, unlike a set, so the one "not one value"
rule let it through) made ``make_counterfactuals`` fail with pandas' bare "Length of values (1)
does not match length of index", and the audit took it for a group label; it is refused as a
set is, in the one wording, on every entry."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import make_counterfactuals
from ethiclens.sources import Roles, counts_of


def _frame():
    frame = pd.DataFrame({"x": range(7), "g": pd.Series(list("abababa"), dtype=object)})
    frame.at[2, "g"] = frozenset({"a"})
    return frame


@pytest.mark.parametrize("entry", ["make_counterfactuals", "audit", "counts_of"])
def test_a_frozenset_group_cell_is_refused_naming_its_row(entry):
    frame, y = _frame(), np.arange(7) % 2
    calls = {
        "make_counterfactuals": lambda: make_counterfactuals(frame, "g"),
        "audit": lambda: ethiclens.audit(y, y, {"g": frame["g"]}),
        "counts_of": lambda: counts_of(frame.assign(p=y), Roles(y_pred="p", protected=("g",))),
    }
    with pytest.raises(EthicLensInputError) as err:
        calls[entry]()
    assert err.value.column == "g"
    assert "frozenset({'a'})" in str(err.value) and "row 2" in str(err.value)
