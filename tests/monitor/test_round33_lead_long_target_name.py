"""A monitor target whose name no file system opens (a name over 255 bytes) is refused in one
line naming the target from Python too (was OSError [Errno 36] from Path.is_file/is_dir),
as the command line refuses it."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

LONG = "x" * 300 + ".csv"


def test_python_monitor_refuses_a_name_too_long(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    req = MonitorRequest(
        target=LONG, time="t", window="1d", y_true="y", y_pred="p", protected=("g",)
    )
    with pytest.raises(EthicLensInputError, match="too long"):
        run_monitor(req, tmp_path / "s.sqlite")


def test_cli_monitor_refuses_a_name_too_long(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = ["monitor", LONG, "--time", "t", "--window", "1d", "--y-true", "y", "--y-pred", "p"]
    assert main([*argv, "--protected", "g", "--store", "s.sqlite"]) == 2
    err = capsys.readouterr().err
    assert "too long" in err and "Traceback" not in err
