"""Round 47: a protected column of pandas Periods (months, quarters) is dates by another name:
past 50 distinct values it is refused as continuous, as dates are, not audited as 200 groups."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 120
PERIODS = pd.period_range("2020-01", periods=N, freq="M")


@pytest.mark.parametrize(
    "column",
    [
        pd.Series(PERIODS),
        pd.Series(list(PERIODS), dtype=object),
        list(PERIODS),
        pd.Series(pd.date_range("2020-01-01", periods=N, freq="D")),  # what dates get
    ],
    ids=["period-dtype", "object-series", "list", "dates"],
)
def test_many_periods_are_refused_as_dates_are(column):
    y = np.arange(N) % 2
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(y, y[::-1].copy(), {"g": column})
    assert str(info.value) == (
        f"column 'g': looks continuous: {N} distinct dates or times (more than 50 groups). "
        "Fix: map it to a few periods first (e.g. the year: pandas df['g'].dt.year)"
    )


def test_a_few_periods_are_still_groups():
    y = np.arange(N) % 2
    column = pd.Series(pd.period_range("2020-01", periods=3, freq="Q")).repeat(N // 3)
    result = ethiclens.audit(y, y[::-1].copy(), {"g": column.reset_index(drop=True)})
    assert str(result).count("vs 2020Q1") == 2
