"""Round 31 review: a file given where a folder goes (p2nia estimate's RELEASE_DIR, p2nia
experiment's --out) is refused in the project's words, as a folder given where a file goes
is (was click's "Directory 'audit.csv' is a file. Fix: check the path")."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["p2nia", "estimate", "{f}"], "argument 'RELEASE_DIR'"),
        (["p2nia", "experiment", "--out", "{f}"], "option '--out'"),
    ],
)
def test_a_file_where_a_folder_goes(tmp_path, capsys, args, named):
    path = tmp_path / "audit.csv"
    path.write_text("a,b\n1,2\n")
    code = main([a.format(f=path) for a in args])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"error: {named}: {path} is a file, not a folder. Fix: give a folder" in err
    assert "Directory" not in err and "check the path" not in err
    assert path.read_text() == "a,b\n1,2\n"
