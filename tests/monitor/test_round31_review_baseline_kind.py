"""Round 31 review: a --baseline-target / baseline_target of a kind the monitor does not read
(JSON lines) is refused with a fix the monitor takes: save it as .csv or .parquet. The Python
face's fix for TARGET (give the rows as a DataFrame) is no fix for a baseline, which must be a
path ('must be a path (a file, a folder or a glob), not a DataFrame')."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})


def test_a_python_baseline_json_gets_a_fix_it_can_take(tmp_path):
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    ROWS.to_json(tmp_path / "b.jsonl", orient="records", lines=True)
    request = MonitorRequest(
        target=str(tmp_path / "t.csv"),
        baseline_target=str(tmp_path / "b.jsonl"),
        time="ts",
        window="1d",
        y_pred="p",
        protected=("g",),
    )
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(request, str(tmp_path / "s.sqlite"))
    assert "the monitor reads .csv, .csv.gz, .parquet and .pq files only" in str(err.value)
    assert str(err.value).endswith("Fix: save the rows as .csv or .parquet")
    assert not (tmp_path / "s.sqlite").exists()
