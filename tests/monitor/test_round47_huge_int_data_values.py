"""run_monitor on a DataFrame whose object column holds a whole number past Python's
int-to-text limit (10**5000: ``str()`` of it raises ValueError), as a group, a label, a time or
a weight, on pandas and DuckDB: one refusal naming the column, the number shortened, never the
ValueError (pandas) nor DuckDB's 'could not count' wrapping it."""

import pandas as pd
import pytest

from ethiclens import monitor
from ethiclens.errors import EthicLensInputError

HUGE = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("column", ["g", "y_pred", "t", "w"])
def test_huge_whole_number_in_a_monitored_column_is_refused_naming_it(column, engine, tmp_path):
    frame = pd.DataFrame(
        {
            "g": ["a", "b"] * 4,
            "y_pred": [1, 0, 0, 1] * 2,
            "w": [1.0] * 8,
            "t": pd.date_range("2024-01-01", periods=8, freq="D"),
        }
    )
    frame[column] = pd.Series([HUGE, *frame[column].iloc[1:]], dtype=object)
    request = monitor.MonitorRequest(
        target=frame,
        time="t",
        window="7D",
        y_pred="y_pred",
        protected=("g",),
        weight="w",
        engine=engine,
    )
    with pytest.raises(EthicLensInputError) as err:
        monitor.run_monitor(request, tmp_path / "store.sqlite")
    # the weight column is named with its role, as the audit names it (7050220f)
    named = {"w": "w (sample_weight)"}.get(column, column)
    assert f"'{named}'" in str(err.value) and SHOWN in str(err.value)
    assert "4300" not in str(err.value)
