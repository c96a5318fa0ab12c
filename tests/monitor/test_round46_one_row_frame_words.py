"""Round 46 (review of 24fefcca, its monitor sibling): a one-row pandas DataFrame monitored from
Python was named 'a pandas DataFrame (1 rows)' in the report's request (describe_target, every
message naming the target); it is now '1 row' through the one plural helper ('2 rows' as
before)."""

from __future__ import annotations

import json

import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor


def _named(tmp_path, n: int) -> list[str]:
    times = [f"2024-01-0{i + 1}T00:00:00Z" for i in range(n)]
    df = pd.DataFrame({"t": times, "g": ["a", "b"][:n], "p": [1, 0][:n]})
    request = MonitorRequest(df, time="t", window="1d", y_pred="p", protected=("g",))
    text = json.dumps(run_monitor(request, tmp_path / f"m{n}.sqlite").data, default=str)
    return sorted({part.split('"')[0] for part in text.split("a pandas DataFrame (")[1:]})


def test_a_one_row_frame_is_named_one_row(tmp_path):
    assert _named(tmp_path, 1) == ["1 row)"]
    assert _named(tmp_path, 2) == ["2 rows)"]
