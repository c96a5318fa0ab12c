"""Round 27: a counterfactual table with a column name given twice (``pd.concat`` of the table
and its scored copy side by side) is refused naming the column and the fix, as
make_counterfactuals refuses a protected column named twice; it raised pandas' TypeError ("arg
must be a list, tuple, 1-d array, or Series") from inside the row-id check."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


@pytest.fixture()
def frame():
    records = pd.DataFrame({"g": ["a", "b"] * 20, "x": np.arange(40.0)})
    return make_counterfactuals(records, "g")


@pytest.mark.parametrize("column", ["_cf_row", "_cf_source", "_cf_target"])
def test_a_bookkeeping_column_named_twice_is_refused(frame, column):
    doubled = pd.concat([frame, frame[[column]]], axis=1)
    with pytest.raises(EthicLensInputError) as err:
        analyze_counterfactuals(doubled, np.zeros(len(doubled), int), n_boot=100)
    assert err.value.column == column
    assert "names two columns" in err.value.problem
    assert "unique" in err.value.fix


def test_a_named_attribute_given_twice_is_refused(frame):
    doubled = pd.concat([frame, frame[["g"]]], axis=1)
    with pytest.raises(EthicLensInputError) as err:
        analyze_counterfactuals(doubled, np.zeros(len(doubled), int), attribute="g", n_boot=100)
    assert err.value.column == "attribute" and err.value.value == "g"
    assert "names two columns" in err.value.problem
    # unnamed, the doubled column is not the one flipped: none is found, nothing is refused
    result = analyze_counterfactuals(doubled, np.zeros(len(doubled), int), n_boot=100)
    assert result.attribute is None
