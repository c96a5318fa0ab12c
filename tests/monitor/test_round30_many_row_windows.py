"""Round 30: more than 10,000 new row windows in one run are refused with advice that fits
row windows. Before, the refusal named "windows of 5" and advised dropping stray rows far
in time and giving "one TARGET per period" — which row windows refuse as renumbered rows
(they need the whole history as TARGET)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 10_002  # the last window ends on the newest time and is held (round 45): 10,001 new


def test_too_many_row_windows_advise_a_larger_window_or_a_growing_target(tmp_path):
    frame = pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=N, freq="s").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "g": ["A", "B"] * (N // 2),
            "p": [0, 1] * (N // 2),
        }
    )
    request = MonitorRequest(target=frame, time="ts", window="1", y_pred="p", protected=("g",))
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, tmp_path / "s.sqlite")
    text = str(caught.value)
    assert "argument 'window'" in text and "10,001 windows of 1 row" in text
    assert "larger window" in text and "oldest rows first" in text
    assert "per period" not in text and "placeholder" not in text
    assert not (tmp_path / "s.sqlite").exists()
