"""A counts table's long group labels are counted in rows in Python as in the CLI (a cell
stands for its count): ``audit_counts`` said "2 group value(s)" where ``--counts`` said 70."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_long_labels_of_a_counts_table_are_counted_in_rows():
    long = "A" * 300
    table = pd.DataFrame(
        {
            "race": [long, "B", long, "B", long],
            "y_true": [0, 1, 1, 0, 1],
            "y_pred": [1, 1, 0, 0, 1],
            "count": [40, 50, 30, 60, 0],  # a cell of no rows counts nothing
        }
    )
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit_counts(table, protected=["race"], n_boot=100)
    assert "70 group value(s) longer than 256 characters (the longest has 300)" in str(info.value)
