"""An input that is a symbolic link to nothing is a missing file on every face (a traceback of
FileNotFoundError from os.stat since round 32's check of link loops)."""

import os

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def dangling(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.symlink("nowhere.csv", "d.csv")
    return "d.csv"


def test_audit_refuses_a_link_to_nothing_as_a_missing_file(dangling, capsys):
    code = main(["audit", dangling, "--y-true", "y", "--y-pred", "p", "--protected", "g"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "file d.csv does not exist" in err


def test_monitor_refuses_a_link_to_nothing_as_a_missing_file(dangling, capsys):
    argv = ["monitor", dangling, "--time", "t", "--window", "1d", "--y-true", "y"]
    code = main([*argv, "--y-pred", "p", "--protected", "g", "--store", "s.sqlite"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "d.csv does not exist" in err


def test_python_refuses_a_link_to_nothing_as_a_missing_file(dangling):
    with pytest.raises(EthicLensInputError, match="file d.csv does not exist"):
        ethiclens.audit(dangling, y_true="y", y_pred="p", protected="g")
