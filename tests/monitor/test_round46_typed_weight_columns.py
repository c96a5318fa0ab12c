"""Round 46: the monitor took a DataFrame's (or a Parquet file's) weight or propensity column
of dates, durations, periods, complex numbers or text of numbers for numbers (pandas: dates
as nanosecond counts, periods as day counts, '1.5' as 1.5; DuckDB refused some and not others),
where ``ethiclens.audit`` refuses every one of them. The monitor now refuses them in the
audit's words on every engine. Also the audit's arrays face: periods as weights were read as
day counts (pandas' ordinals), now refused."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens.monitor._engines import count_windows
from ethiclens.monitor._windows import Columns, parse_window

pytest.importorskip("duckdb")

N = 10
PERIODS = pd.period_range("2020", periods=N, freq="D")
BAD = {
    "holds dates or times": pd.date_range("2020", periods=N),
    "holds durations": pd.to_timedelta(np.arange(N) + 1, unit="s"),
    "holds periods": PERIODS,
    "holds periods (dates)": np.array(list(PERIODS), dtype=object),
    "holds complex numbers": np.ones(N) + 1j,
    "holds the text values ['0.5']": np.array(["0.5"] * N, dtype=object),
}


def _rows(weights) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=N, freq="h"),
            "pred": [0, 1] * (N // 2),
            "g": ["a", "b"] * (N // 2),
            "w": weights,
        }
    )


@pytest.mark.parametrize("words", list(BAD))
@pytest.mark.parametrize("role", ["weight", "propensity"])
def test_a_frame_weight_not_of_numbers_is_refused_on_every_engine(words, role):
    cols = Columns(time="ts", y_pred="pred", protected=("g",), **{role: "w"})
    said = "propensity" if role == "propensity" else "sample_weight"  # as the audit names it
    for engine in ("pandas", "duckdb"):
        with pytest.raises(EthicLensInputError, match=rf"column 'w \({said}\)': ") as info:
            count_windows(_rows(BAD[words]), cols, parse_window("1d"), engine=engine)
        assert words in str(info.value), (engine, str(info.value))


def test_a_parquet_weight_of_dates_is_refused_on_every_engine(tmp_path):
    path = tmp_path / "w.parquet"
    _rows(pd.date_range("2020", periods=N)).to_parquet(path)
    cols = Columns(time="ts", y_pred="pred", protected=("g",), weight="w")
    for engine in ("pandas", "duckdb"):
        with pytest.raises(EthicLensInputError, match="holds dates or times, not weights"):
            count_windows(str(path), cols, parse_window("1d"), engine=engine)


def test_periods_as_audit_weights_or_scores_are_refused():
    y = np.array([0, 1] * (N // 2))
    g = np.array(["a"] * (N // 2) + ["b"] * (N // 2))
    for values in (PERIODS, pd.Series(PERIODS), np.array(list(PERIODS), dtype=object)):
        with pytest.raises(EthicLensInputError, match="holds periods"):
            ethiclens.audit(y, y, g, sample_weight=values)
        with pytest.raises(EthicLensInputError, match="holds periods"):
            ethiclens.audit(y, y, g, y_score=values)


def test_numeric_weights_still_count():
    cols = Columns(time="ts", y_pred="pred", protected=("g",), weight="w")
    count_windows(_rows(np.full(N, 2.0)), cols, parse_window("1d"), engine="pandas")
