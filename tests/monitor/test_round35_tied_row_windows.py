"""Round 35: row windows cut from inside rows of one time (dates without a time of day) are
ordered by their group and prediction there, so a window holds one group or one prediction
and is no sample of the stream: a fair model's DI test alarmed in 2 of 5 seeds (4,000 rows
over 4 dates, --window 100), the same rows with times to the second in none. The run said
nothing; now its notes say which windows begin inside a tie and what to give instead."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


def _notes(tmp_path, times, window):
    rng = np.random.default_rng(35)
    n = len(times)
    frame = pd.DataFrame(
        {"ts": times, "pred": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)}
    )
    request = MonitorRequest(frame, time="ts", window=window, y_pred="pred", protected=("g",))
    store = tmp_path / f"s{window}-{len(set(map(str, times)))}.sqlite"
    result = run_monitor(request, store, now=NOW).to_dict()
    return [note for note in result["run"].get("notes") or [] if "row window(s) begin" in note]


def test_row_windows_cut_inside_one_time_are_said(tmp_path):
    # a later day after them: windows 2 to 4 end on 2024-03-02, held until a later time has
    # come (round 45), and window 5 begins on a new time
    times = ["2024-03-01"] * 50 + ["2024-03-02"] * 50 + ["2024-03-03"] * 20
    (note,) = _notes(tmp_path, times, "20")
    assert note.startswith("4 row window(s) begin among rows of the time the window before ends")
    assert "(first: window 1 at 2024-03-01T00:00:00Z)" in note
    # a Python call's notes name its argument (542e629b): window, not --window
    assert "false-alarm chance alpha does not hold" in note and "(window 1d)" in note


@pytest.mark.parametrize("window", ["20", "1d"])
def test_times_that_tell_rows_apart_and_day_windows_say_nothing(tmp_path, window):
    distinct = pd.date_range("2024-03-01", periods=100, freq="37min", tz="UTC")
    assert _notes(tmp_path, distinct, window) == []
    if window == "1d":
        assert _notes(tmp_path, ["2024-03-01"] * 50 + ["2024-03-02"] * 50, window) == []
