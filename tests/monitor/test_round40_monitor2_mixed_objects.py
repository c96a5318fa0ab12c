"""Round 40 (monitor2): a DataFrame's object role column mixing types is counted by the sources
engines' rule on the monitor's engines: numerically equal values (1, 1.0, True; Decimal 1.1,
1.10) are one group named by the first row; 1 beside '1' is refused in the audit's words."""

from decimal import Decimal

import pandas as pd
import pytest

from ethiclens.monitor import count_windows
from ethiclens.monitor._windows import Columns

COLS = Columns(time="ts", y_pred="pred", protected=("g",))


def _frame(values):
    n = len(values)
    return pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=n, freq="h").astype(str),
            "pred": [i % 2 for i in range(n)],
            "g": pd.Series(values, dtype=object),
        }
    )


def _groups(frame, engine):
    table = count_windows(frame, COLS, "1d", engine=engine).table
    return table.groupby("g")["_ethiclens_count"].sum().to_dict()


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([1, 1.0, 1.0, "b"] * 5, {"1": 15, "b": 5}),  # True beside 1: refused (round 50)
        ([Decimal("1.1"), Decimal("1.10"), "b", "b"] * 5, {"1.1": 10, "b": 10}),
    ],
)
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_equal_values_are_one_group(values, expected, engine):
    assert _groups(_frame(values), engine) == expected


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_one_beside_text_one_is_one_group_as_a_files_text(engine):
    # the monitor reads every batch as a file's text (round 28: 0 in one batch and '0' in the
    # next are one series), so within one batch too; ethiclens.audit refuses them in one frame
    assert _groups(_frame([1, "1", "b", "b"] * 5), engine) == {"1": 10, "b": 10}
