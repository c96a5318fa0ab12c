"""Round 47 (review of b7df5f13, its sibling on the file engines): a Parquet column of pandas
Periods (written by pandas: int64 ordinals under the 'pandas.period' Arrow type) was read by
DuckDB as the ordinals: the groups were named 200, 201, 202 where pandas and Dask say 2020Q1,
2020Q2, 2020Q3, and 120 periods were refused as '120 distinct numeric values' where pandas
says 'dates or times'. pandas registers that type only when it first converts a Period, so the
test takes it away first, as a fresh process has it."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.cli import main


def _forget() -> None:
    """The state of a process that has not converted a Period yet."""
    try:
        pa.unregister_extension_type("pandas.period")
    except (KeyError, pa.ArrowKeyError):
        pass


@pytest.fixture
def unregistered():
    """The 'pandas.period' type registered again after the test, as it was."""
    from pandas.core.arrays.arrow.extension_types import ArrowPeriodType

    yield
    try:
        pa.register_extension_type(ArrowPeriodType("D"))
    except pa.ArrowKeyError:
        pass


def _periods(path, n: int) -> str:
    periods = pd.period_range("2020-01", periods=n, freq="Q" if n == 3 else "M")
    groups = periods.repeat(40) if n == 3 else periods
    rows = len(groups)
    frame = pd.DataFrame({"y": np.arange(rows) % 2, "p": (np.arange(rows) // 2) % 2, "g": groups})
    frame.to_parquet(path / "p.parquet")
    return str(path / "p.parquet")


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_parquet_periods_are_named_as_pandas_reads_them(tmp_path, capsys, unregistered, engine):
    data = _periods(tmp_path, 3)
    _forget()
    args = ["audit", data, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--engine", engine]) == 0
    out = capsys.readouterr().out
    assert "g: reference group 2020Q1" in out
    assert "g: 2020Q2 vs 2020Q1" in out


def test_many_parquet_periods_are_refused_as_dates(tmp_path, capsys, unregistered):
    data = _periods(tmp_path, 120)
    _forget()
    args = ["audit", data, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--engine", "duckdb"]) == 2
    assert "looks continuous: 120 distinct dates or times" in capsys.readouterr().err


def _weighted(path) -> str:
    rows = 120
    frame = pd.DataFrame(
        {
            "y": np.arange(rows) % 2,
            "p": (np.arange(rows) // 2) % 2,
            "g": np.repeat(["a", "b", "c"], 40),
            "w": pd.period_range("2020-01", periods=rows, freq="M"),
        }
    )
    frame.to_parquet(path / "w.parquet")
    return str(path / "w.parquet")


@pytest.mark.parametrize(
    ("role", "words"),
    [
        ("--weight", "column 'w (sample_weight)': holds periods (dates), not weights"),
        ("--y-score", "column 'w (y_score)': holds periods (dates), not scores"),
        ("--y-pred", "column 'w (y_pred)': is not binary 0/1: found values 2020-01, 2020-02"),
    ],
    ids=["weight", "score", "label"],
)
@pytest.mark.parametrize("engine", ["duckdb", "dask"])
def test_a_parquet_period_role_column_is_refused_alike(
    tmp_path, capsys, unregistered, role, words, engine
):
    data = _weighted(tmp_path)
    _forget()
    args = ["audit", data, "--y-true", "y", "--protected", "g", "--engine", engine]
    args += [role, "w"] if role == "--y-pred" else ["--y-pred", "p", role, "w"]
    assert main(args) == 2
    assert words in capsys.readouterr().err
