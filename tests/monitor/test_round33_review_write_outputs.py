"""Round 33 review (monitor): ``write_monitor_outputs`` writes a store's report
(``read_store_report``: no run, so no target) as it did before its new checks (was a KeyError
'target' traceback), and still refuses to write it over its store."""

import os

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store_report, run_monitor, write_monitor_outputs

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)


def test_a_stores_report_is_written_and_not_over_its_store(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    request = MonitorRequest(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",))
    run_monitor(request, "s.sqlite")
    report = read_store_report("s.sqlite", request)
    wrote, failed = write_monitor_outputs(report, json_out="r.json", html_out="r.html")
    assert wrote == ["r.json", "r.html"] and failed is None
    assert os.path.getsize("r.json") and os.path.getsize("r.html")
    with pytest.raises(EthicLensInputError, match="^argument 'html_out': output s.sqlite is"):
        write_monitor_outputs(report, html_out="s.sqlite")
