"""Round 30 review: a folder given where a file goes (--config, --save-config, pcer audit's
--train and --json, pcer export's STORE) got click's generic "File 'DIR' is a directory. Fix:
check the path", where audit's own checks say it is a folder and to give a regular file's path;
every FILE option and argument now says so (exit 2, nothing written)."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

RUNS = {
    "--config": ["audit", "--config", "{d}"],
    "--save-config": ["audit", "x.csv", "--save-config", "{d}"],
    "--train": ["pcer", "audit", "--train", "{d}", "--test", "t.csv", "--y-true", "y"]
    + ["--y-pred", "p", "--protected", "g"],
    "STORE": ["pcer", "export", "{d}", "--out", "{o}"],
}


@pytest.mark.parametrize("name", RUNS)
def test_a_folder_for_a_file_is_said_to_be_a_folder(tmp_path, capsys, name):
    folder, out = tmp_path / "DIR", tmp_path / "x.csv"
    folder.mkdir()
    argv = [a.format(d=folder, o=out) for a in RUNS[name]]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{name}" in err and f"{folder} is a folder" in err, err
    assert "give the path of a regular file" in err and "directory" not in err, err
    assert not out.exists()
