"""Round 43 (fair2): bin_counts given a counts file's path (as audit_counts takes one), bins
that are no mapping, or bins of a column the table does not hold: one refusal in the words
audit_counts and audit use, never an AttributeError, TypeError or KeyError."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_counts

TABLE = pd.DataFrame(
    {
        "age": [20, 30, 50, 70],
        "y_true": [0, 1, 0, 1],
        "y_pred": [1, 1, 0, 0],
        "count": [3, 4, 5, 6],
    }
)


@pytest.mark.parametrize("table", ["counts.csv", None, [1, 2]])
def test_table_not_a_frame(table):
    with pytest.raises(EthicLensInputError) as info:
        bin_counts(table, {"age": [0, 40, 80]})
    said = str(info.value)
    assert said.startswith("argument 'table': must be a pandas DataFrame of cells"), said
    assert "ethiclens.sources.read_counts reads a counts file" in said


@pytest.mark.parametrize("bins, kind", [(None, "None"), ([0, 40], "a list"), ("age", "a str")])
def test_bins_not_a_mapping(bins, kind):
    with pytest.raises(EthicLensInputError) as info:
        bin_counts(TABLE, bins)
    assert f"argument 'bins': must be a dict of attribute -> bin edges, not {kind}" in str(
        info.value
    )


@pytest.mark.parametrize("name", ["nope", ("age",), "count"])
def test_bins_of_a_column_not_an_attribute(name):
    with pytest.raises(EthicLensInputError) as info:
        bin_counts(TABLE, {name: [0, 40, 80]})
    said = str(info.value)
    words = "a cell column of the counts table" if name == "count" else "an attribute that is not"
    assert f"argument 'bins': bins {words}" in said
    assert "bin one of age" in said


def test_binning_unchanged():
    out = bin_counts(TABLE, {"age": [0, 40, 80]})
    assert out["age"].tolist() == ["[0, 40)", "[0, 40)", "[40, 80]", "[40, 80]"]
    assert out["count"].tolist() == [3, 4, 5, 6]
