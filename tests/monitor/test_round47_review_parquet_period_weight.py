"""Round 47 (review of b7df5f13, its sibling on the monitor): a Parquet weight or propensity
column of pandas Periods (int64 ordinals under pandas' 'pandas.period' Arrow type, which pyarrow
knows only once pandas has converted a Period in the process) was read by its schema as int64,
so refuse_typed_weights let it pass and both engines monitored with the ordinals as weights,
where a DataFrame's Period column is refused 'holds periods (dates), not weights'."""

import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import count_windows
from ethiclens.monitor._windows import Columns, parse_window

pytest.importorskip("duckdb")

N = 10


@pytest.fixture
def periods_file(tmp_path):
    """A Parquet file whose column w holds Periods, read as a fresh process reads it; pandas'
    Period type registered again after the test."""
    from pandas.core.arrays.arrow.extension_types import ArrowPeriodType

    path = tmp_path / "w.parquet"
    pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=N, freq="h"),
            "pred": [0, 1] * (N // 2),
            "g": ["a", "b"] * (N // 2),
            "w": pd.period_range("2020", periods=N, freq="D"),
        }
    ).to_parquet(path)
    try:
        pa.unregister_extension_type("pandas.period")
    except (KeyError, pa.ArrowKeyError):
        pass
    yield str(path)
    try:
        pa.register_extension_type(ArrowPeriodType("D"))
    except pa.ArrowKeyError:
        pass


@pytest.mark.parametrize("role", ["weight", "propensity"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_parquet_weight_of_periods_is_refused_on_every_engine(periods_file, role, engine):
    cols = Columns(time="ts", y_pred="pred", protected=("g",), **{role: "w"})
    said = "propensity" if role == "propensity" else "sample_weight"  # as the audit names it
    with pytest.raises(EthicLensInputError, match=rf"column 'w \({said}\)': holds periods \(dates"):
        count_windows(periods_file, cols, parse_window("1d"), engine=engine)
