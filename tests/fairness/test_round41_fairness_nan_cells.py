"""Round 41: a counts table whose label is missing in every cell was refused as holding
duplicate cells ("add up the duplicate rows"), not as the missing label the row audit names."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit_counts
from ethiclens.errors import EthicLensInputError


def _table(y_true):
    return pd.DataFrame(
        {
            "sex": ["F", "F", "M", "M", "F", "F", "M", "M"],
            "y_true": y_true,
            "y_pred": [0, 1, 0, 1, 0, 1, 0, 1],
            "count": [5, 3, 6, 2, 2, 8, 3, 7],
        }
    )


def test_all_missing_labels_are_refused_as_missing_not_as_duplicates():
    with pytest.raises(EthicLensInputError) as info:
        audit_counts(_table([np.nan] * 8), protected=["sex"])
    assert info.value.column == "y_true"
    said = "36 missing value(s) (in 8 cell(s) of the counts table), first at row 0"
    assert said in str(info.value)
    assert "duplicate" not in str(info.value)


def test_a_real_duplicate_cell_is_still_refused_as_one():
    table = _table([0, 0, 0, 0, 1, 1, 1, 1])
    table.loc[7, ["y_true", "y_pred"]] = [0, 0]  # (M, 0, 0) twice
    with pytest.raises(EthicLensInputError, match=r"appears in 2 rows \(rows 2, 7\)"):
        audit_counts(table, protected=["sex"])


def test_empty_cells_with_a_missing_label_stay_duplicates():
    table = _table([0, 0, 0, 0, 1, 1, 1, 1])
    table.loc[[4, 5], "y_true"] = np.nan
    table.loc[[4, 5], "y_pred"] = 0
    table.loc[[4, 5], "count"] = 0  # two copies of one empty cell: duplicates, not missing rows
    with pytest.raises(EthicLensInputError, match="appears in 2 rows"):
        audit_counts(table, protected=["sex"])
