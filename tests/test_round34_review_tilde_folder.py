"""Round 34 review leftover: an output path whose folder begins with a literal '~' (quoted, so
no shell expanded it: --json "~/o.json") is refused saying the path is read as written and
naming the home folder's path; the fix said "mkdir -p ~", which the shell expands (it makes
nothing). Other missing folders keep their words."""

import os

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_writable


def test_a_literal_tilde_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as caught:
        check_writable("~/o.csv", flag="--out")
    said = str(caught.value)
    assert "folder ~ does not exist" in said and "mkdir -p ~)" not in said, said
    assert "read as written" in caught.value.fix
    assert os.path.expanduser("~/o.csv") in caught.value.fix


def test_the_cli_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n0,0,a\n1,1,b\n0,1,a\n1,0,b\n")
    argv = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--json", "~/o.json"]) == 2
    err = capsys.readouterr().err
    assert "option '--json'" in err and "read as written" in err, err
    assert not (tmp_path / "~").exists()


def test_other_missing_folders_unchanged(tmp_path):
    with pytest.raises(EthicLensInputError) as caught:
        check_writable(tmp_path / "no" / "o.csv", flag="--out")
    assert caught.value.fix.startswith(f"create it first (mkdir -p {tmp_path / 'no'})")
