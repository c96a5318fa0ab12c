"""Round 43 review (rfair2) of 542f4f44: bin_counts(table, {'y_true': [...]}) (a cell column)
was told "bins an attribute that is not audited ... Fix: count the table with 'y_true'", a fix
a counts table refuses (its label and sums are no attribute). It now names the cell column;
an attribute the table lacks keeps the hunter's words."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_counts

TABLE = pd.DataFrame(
    {"age": [20, 30, 50, 70], "y_true": [0, 1, 0, 1], "y_pred": [1, 1, 0, 0], "count": [3, 4, 5, 6]}
)


@pytest.mark.parametrize("cell", ["y_true", "y_pred", "count"])
def test_bins_of_a_cell_column_name_it(cell):
    with pytest.raises(EthicLensInputError) as info:
        bin_counts(TABLE, {cell: [0, 1, 10]})
    said = str(info.value)
    assert said.startswith("argument 'bins': bins a cell column of the counts table"), said
    assert f"(value: {cell!r})" in said and "bin one of age" in said
    assert "count the table with" not in said


def test_an_absent_attribute_keeps_its_words_and_binning_works():
    with pytest.raises(EthicLensInputError, match="count the table with 'nope'"):
        bin_counts(TABLE, {"nope": [0, 40]})
    out = bin_counts(TABLE, {"age": [0, 40, 120]})
    assert out["age"].tolist() == ["[0, 40)", "[0, 40)", "[40, 120]", "[40, 120]"]
    assert out["count"].tolist() == [3, 4, 5, 6]
