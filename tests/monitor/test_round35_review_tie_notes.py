"""Round 35 review of the tie note (d61eefe0): it named every row window whose first time was
the window before's last, so a busy stream with times to the second (two rows of one second at
a cut, 5 of 40 windows in 20,000 rows over two days) was told its windows were 'no sample of
the stream'. Now a tie is noted where it is long: times that are dates without a time of day
(also a window larger than a date's rows), or a window beside the cut within one time."""

import datetime as dt

import numpy as np
import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


def _tie_notes(tmp_path, times, window):
    rng = np.random.default_rng(35)
    n = len(times)
    frame = pd.DataFrame(
        {"ts": times, "pred": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)}
    )
    request = MonitorRequest(frame, time="ts", window=window, y_pred="pred", protected=("g",))
    result = run_monitor(request, tmp_path / "s.sqlite", now=NOW).to_dict()
    return [note for note in result["run"].get("notes") or [] if "row window(s) begin" in note]


def test_two_rows_of_one_second_at_a_cut_are_not_noted(tmp_path):
    times = list(pd.date_range("2024-03-01", periods=100, freq="37s", tz="UTC"))
    times[20] = times[19]  # the cut between windows 0 and 1 falls inside a two-row tie
    assert _tie_notes(tmp_path, times, "20") == []


def test_dates_cut_by_windows_larger_than_a_date_are_noted(tmp_path):
    # a later day after them: window 1 ends on 2024-03-03, held until a later time has come
    # (399b68f4), and window 2 (not yet full) begins on a new time
    times = ["2024-03-01"] * 30 + ["2024-03-02"] * 30 + ["2024-03-03"] * 30 + ["2024-03-04"] * 20
    (note,) = _tie_notes(tmp_path, times, "45")  # window 1 begins inside 2024-03-02's rows
    assert note.startswith("1 row window(s) begin among rows of the time the window before")
    assert "(first: window 1 at 2024-03-02T00:00:00Z)" in note
    assert "ordered by their label, prediction and group" in note
