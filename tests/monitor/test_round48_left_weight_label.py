"""Round 48 (leftover 4): the audit named a bad weight column 'w (sample_weight)' (as it names
'y (y_true)' and 'p (y_pred)'; docs/engines.md says so) while the monitor said 'w' (and 'prop'
for a propensity) beside its own 'y (y_true)': two labels for one column. The monitor now names
it with its role as the audit does, on every engine and refusal (values, typed columns)."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens.monitor._engines import count_windows
from ethiclens.monitor._windows import Columns, parse_window

N = 10
BAD = {"a negative weight": [1.0] * 5 + [-1.0] + [1.0] * 4, "text": ["1.5"] * N}


def _rows(weights) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=N, freq="h"),
            "pred": [0, 1] * (N // 2),
            "g": ["a", "b"] * (N // 2),
            "w": weights,
        }
    )


@pytest.mark.parametrize("bad", list(BAD))
def test_the_audit_and_the_monitor_name_the_weight_column_alike(bad):
    rows = _rows(BAD[bad])
    with pytest.raises(EthicLensInputError) as audited, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ethiclens.audit(rows["pred"], rows["pred"], rows[["g"]], sample_weight=rows["w"])
    assert str(audited.value).startswith("column 'w (sample_weight)': ")
    cols = Columns(time="ts", y_pred="pred", protected=("g",), weight="w")
    with pytest.raises(EthicLensInputError) as monitored:
        count_windows(rows, cols, parse_window("1d"), engine="pandas")
    assert str(monitored.value).startswith("column 'w (sample_weight)': ")


def test_a_propensity_is_named_with_its_role():
    cols = Columns(time="ts", y_pred="pred", protected=("g",), propensity="w")
    with pytest.raises(EthicLensInputError, match=r"^column 'w \(propensity\)': "):
        count_windows(_rows(BAD["a negative weight"]), cols, parse_window("1d"), engine="pandas")
