"""A monitor's JSON report that cannot be written (a full disk) leaves its dashboard written,
as the audit's outputs do; the refusal names each output not written."""

from __future__ import annotations

import os

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor, write_monitor_outputs

from ..conftest import full_disk_for


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    frame = pd.DataFrame(
        {"ts": ["2024-01-01"] * 8, "g": ["A", "B"] * 4, "p": [0, 1, 1, 0, 1, 1, 0, 0]}
    )
    request = MonitorRequest(target=frame, time="ts", window="1d", y_pred="p", protected=("g",))
    result = run_monitor(request, tmp_path_factory.mktemp("m") / "s.sqlite")
    write_monitor_outputs(result, html_out=str(tmp_path_factory.mktemp("w") / "w.html"))
    return result  # the dashboard's renderer imported once, here: each test well under 1 s


def test_a_json_not_written_leaves_the_dashboard_written(result, tmp_path, monkeypatch):
    full_disk_for(monkeypatch, "m.json")
    json_out, html_out = str(tmp_path / "m.json"), str(tmp_path / "m.html")
    written, refusal = write_monitor_outputs(result, json_out, html_out)
    assert written == [html_out] and "<html" in (tmp_path / "m.html").read_text().lower()
    assert "m.json: could not be written" in str(refusal)
    assert not os.path.exists(json_out)


def test_both_not_written_are_both_named(result, tmp_path, monkeypatch):
    full_disk_for(monkeypatch, "m.json", "m.html")
    json_out, html_out = str(tmp_path / "m.json"), str(tmp_path / "m.html")
    written, refusal = write_monitor_outputs(result, json_out, html_out)
    assert written == [] and f"also not written: {html_out} (--html)" in str(refusal)
