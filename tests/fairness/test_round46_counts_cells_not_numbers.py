"""Round 46: audit_counts read a counts table's count column of durations as nanoseconds and
of complex numbers as their real parts (an audit of wrong sizes, no word), crashed on periods
('TypeError: float() argument must be a string or a real number, not 'Period'') and told
dates as 'the counts add up past 2**53'; a table with MultiIndex columns crashed inside pandas
('TypeError: arg must be a list, tuple, 1-d array, or Series'). Each is now refused naming
the cell (or the argument), its value and a fix."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError

TABLE = pd.DataFrame(
    {
        "g": ["A"] * 4 + ["B"] * 4,
        "y_true": [0, 0, 1, 1] * 2,
        "y_pred": [0, 1, 0, 1] * 2,
        "count": [100, 20, 30, 150, 90, 40, 20, 120],
    }
)
COUNTS = TABLE["count"]
BAD = {
    "durations": pd.to_timedelta(COUNTS, unit="ns"),
    "duration cells": np.array([np.timedelta64(int(c), "ns") for c in COUNTS], dtype=object),
    "complex": COUNTS + 0j,
    "periods": pd.period_range("2020", periods=8, freq="D"),
    "dates": pd.date_range("2020", periods=8),
}


@pytest.mark.parametrize("name", list(BAD))
def test_count_cells_that_are_no_numbers_are_refused(name):
    with pytest.raises(EthicLensInputError, match="counts must be whole numbers >= 0") as info:
        ethiclens.audit_counts(TABLE.assign(count=BAD[name]), protected=["g"])
    assert "cell (g='A', y_true=0, y_pred=0) in row 0" in str(info.value)


def test_multiindex_columns_are_refused_by_the_argument():
    table = TABLE.set_axis(pd.MultiIndex.from_arrays([TABLE.columns, TABLE.columns]), axis=1)
    with pytest.raises(EthicLensInputError, match="argument 'table': has columns of several"):
        ethiclens.audit_counts(table, protected=["g"])


def test_whole_number_counts_still_audit():
    result = ethiclens.audit_counts(TABLE, protected=["g"])
    assert result.to_dict()["attributes"][0]["groups"][0]["n"] == 300
