"""Round 32 review: a database URL with a password given to --db-env (where the NAME of a
variable holding it goes) with --save-config is told that --db-env takes that name: the fix
said "name it in db_env (--db-env NAME on the command line)", which the user had done. --db
keeps its words; nothing is written."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

URL = "postgresql://u:pw@h/db"
ARGS = ["--table", "t", "--y-true", "a", "--y-pred", "b", "--protected", "c"]


@pytest.mark.parametrize("flag", ["--db-env", "--db"])
def test_the_fix_names_what_db_env_takes(tmp_path, capsys, flag):
    out = tmp_path / "s.yaml"
    assert main(["audit", flag, URL, *ARGS, "--save-config", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--save-config': the database URL has a password")
    assert "pw" not in err and not out.exists() and len(err.strip().splitlines()) == 1
    said = "takes the NAME of an environment variable that holds the URL, not the URL"
    assert (said in err) == (flag == "--db-env"), err
