"""Round 46 review of 1109d05e: a database URL with its password given where a data file's
path goes ('ethiclens audit postgresql://u:hunter2@h/db', the monitor's TARGET, Python's
read_table) was refused as a folder to rename ("the path's part 'u:***@h' looks like a user
and password ... Fix: rename that folder or file"): there is no folder. It is told it is a
URL, not a path, and where a database goes (--db-env / --db with --table or --query)."""

from __future__ import annotations

import pytest

import ethiclens.io as eio
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

URL = "postgresql+psycopg://u:hunter2@h:5432/db"
SAID = "is a URL with its password, not a data file's path"


@pytest.mark.parametrize("face", ["audit", "monitor"])
def test_a_url_as_the_target_is_told_where_a_database_goes(tmp_path, capsys, face):
    args = [face, URL, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    if face == "monitor":
        args += ["--time", "t", "--window", "1d", "--store", str(tmp_path / "s.sqlite")]
    assert main([*args, "--json", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert SAID in err and "--db-env NAME" in err and "rename" not in err
    assert "hunter2" not in err and "u:***@h" in err and not list(tmp_path.iterdir())


def test_the_python_reader_says_so_too():
    with pytest.raises(EthicLensInputError, match=SAID) as caught:
        eio.read_table(URL)
    assert "hunter2" not in str(caught.value)


# its sibling without a password: 'file postgresql://u@h/db does not exist. Fix: check the path
# (a relative path is read from the current folder ...)' named no database; now the same fix
@pytest.mark.parametrize("face", ["audit", "monitor", "counts"])
def test_a_url_without_a_password_is_told_where_a_database_goes(tmp_path, capsys, face):
    args = [face, "postgresql://u@h/db", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    args += {
        "audit": ["--json", str(tmp_path / "r.json")],
        "monitor": ["--time", "t", "--window", "1d", "--store", str(tmp_path / "s.sqlite")],
        "counts": ["--out", str(tmp_path / "c.csv")],
    }[face]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "Fix: give a database by --db-env NAME" in err and "relative path" not in err
    assert not list(tmp_path.iterdir())


def test_a_missing_local_file_keeps_its_fix(tmp_path):
    with pytest.raises(EthicLensInputError, match="Fix: check the path"):
        eio.read_table(tmp_path / "nope.csv")
