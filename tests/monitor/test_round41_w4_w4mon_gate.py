"""`ethiclens monitor --fail-on alarm` named the alarming groups raw in its error line while the
summary above masked them: a group 'password=hunter2' or 'postgresql://u:pw123@h/db' printed
'error: alarm: g:password=hunter2 disparate_impact, g:postgresql://u:pw123@h/db ...', and a
group holding a newline split the one error line. Now masked and one line, as the summary."""

import pytest

from ethiclens.cli._monitor import _print
from ethiclens.cli._options import GateFailed
from ethiclens.monitor import MonitorResult


def _result(groups):
    test = {"null": "DI inside [0.80, 1.25]", "e_value": 40.0, "log_e_value": 3.7,
            "threshold": 20.0, "alarm": True,
            "alarm_since": {"window": 0, "start": "2024-01-01T00:00:00Z"}}  # fmt: skip
    comparisons = [{"attribute": "g", "group": group, "reference": "ok", "tests":
                    {"disparate_impact": test}, "sequences": {}, "history": [],
                    "latest": None} for group in groups]  # fmt: skip
    return MonitorResult({"store": "s.sqlite", "windows": [], "run": {}, "request": {},
                          "method": {"alpha": 0.05}, "comparisons": comparisons})  # fmt: skip


def test_the_gate_line_masks_a_password_and_stays_one_line(capsys):
    result = _result(["password=hunter2", "postgresql://u:pw123@h/db", "two\nlines"])
    with pytest.raises(GateFailed) as failed:
        _print(result, None, None, "alarm")
    line = failed.value.message
    assert "hunter2" not in line and "pw123" not in line and "\n" not in line
    assert line.startswith("alarm: g: password=*** vs ok: DI; g: ")
    assert "g: two\\nlines vs ok: DI (--fail-on alarm)" in line
    assert "hunter2" not in capsys.readouterr().out


def test_an_ordinary_gate_line_is_as_before():
    with pytest.raises(GateFailed) as failed:
        _print(_result(["B"]), None, None, "alarm")
    assert failed.value.message == "alarm: g: B vs ok: DI (--fail-on alarm)"
