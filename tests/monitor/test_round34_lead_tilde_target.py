"""Round 34 (lead): a monitor target beginning with a literal '~' (quoted in a shell, or given so
in Python) that does not exist is told that the path is read as written, as every input and
output path is (d027b32b, 61a3cebf), without the relative-path note beside it (the two fixes
contradicted each other: '~/d.csv' is not read from the current folder's '~')."""

import os

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROLES = dict(time="ts", window="1d", y_pred="p", protected=("g",))
AS_WRITTEN = "the path is read as written, '~' too: give the full path (e.g. "


def test_a_tilde_target_from_python_says_it_is_read_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(target="~/nope-34.csv", **ROLES), str(tmp_path / "s.sqlite"))
    said = str(exc.value)
    assert said.startswith("argument 'target': ") and AS_WRITTEN in said, said
    assert os.path.expanduser("~/nope-34.csv") in said
    assert "relative path" not in said
    assert not (tmp_path / "s.sqlite").exists()


def test_a_tilde_target_on_the_command_line_says_it_is_read_as_written(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    argv = ["monitor", "~/nope-34.csv", "--time", "ts", "--window", "1d", "--y-pred", "p"]
    rc = main([*argv, "--protected", "g", "--store", "s.sqlite"])
    err = capsys.readouterr().err
    assert rc == 2 and AS_WRITTEN in err and "relative path" not in err, err
