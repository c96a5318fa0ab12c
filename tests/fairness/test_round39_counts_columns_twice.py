"""A counts table with two columns of one name is refused by check_counts_cells in the audit's
words (it raised numpy's broadcast ValueError on 4 rows and passed silently on 2)."""

import pandas as pd
import pytest

from ethiclens import audit_counts
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import check_counts_cells


def _table(rows):
    t = pd.DataFrame(
        {"g": ["a", "b", "a", "b"][:rows], "y_pred": [0, 1, 1, 0][:rows], "count": [5] * rows}
    )
    t = pd.concat([t, t[["g"]]], axis=1)  # a second 'g'
    t.attrs["ethiclens_attributes"] = ["g"]
    return t


@pytest.mark.parametrize("rows", [2, 4])
def test_check_counts_cells_names_the_column_given_twice(rows):
    with pytest.raises(EthicLensInputError) as exc:
        check_counts_cells(_table(rows))
    assert exc.value.column == "g"
    assert "the counts table has two columns named 'g'" in str(exc.value)
    assert "rename the columns so each name is unique" in str(exc.value)


def test_audit_counts_says_the_same():
    with pytest.raises(EthicLensInputError) as exc:
        audit_counts(_table(4), protected=["g"])
    assert "the counts table has two columns named 'g'" in str(exc.value)


def test_text_names_alike_are_twice_too():
    t = pd.DataFrame({0: ["a", "b"], "0": ["a", "b"], "y_pred": [0, 1], "count": [5, 5]})
    with pytest.raises(EthicLensInputError, match="two columns named '0'"):
        check_counts_cells(t)
