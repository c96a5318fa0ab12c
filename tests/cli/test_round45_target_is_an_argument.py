"""Round 45: a refusal naming the positional TARGET beside a flag called both an option
("option 'TARGET/--counts': names 2 targets"): TARGET is an argument. Each name is now said
by its own kind ("argument 'TARGET' and option '--counts'"), on every command that takes
TARGET (audit, compare, counts, monitor) alike; names of one kind keep their words."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def test_mixed_names_are_each_said_by_their_kind():
    said = str(EthicLensInputError("names 2 targets", column="TARGET/--counts", kind="option"))
    assert said.startswith("argument 'TARGET' and option '--counts': names 2 targets"), said
    keyed = EthicLensInputError("x", column="target.file/--db", kind="key")
    assert str(keyed).startswith("key 'target.file' and option '--db': x"), str(keyed)
    # one kind, a data column holding '/', or a key beside a column part: as before
    assert str(EthicLensInputError("x", column="--table/--query")).startswith(
        "option '--table/--query': x"
    )
    assert str(EthicLensInputError("x", column="a/--b")).startswith("column 'a/--b': x")
    held = EthicLensInputError("x", column="roles.protected.a/b", kind="key")
    assert str(held).startswith("key 'roles.protected.a/b': x")


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["audit", "d.csv", "--counts", "c.csv"], "--counts"),
        (["audit", "d.csv", "--db", "sqlite:///x.db", "--table", "t"], "--db"),
        (["compare", "d.csv", "--db", "sqlite:///x.db", "--table", "t"], "--db"),
        (["thresholds", "d.csv", "--db-env", "ETHICLENS_R45_DB", "--table", "t"], "--db-env"),
    ],
)
def test_target_beside_a_flag_is_an_argument(tmp_path, capsys, monkeypatch, argv, flag):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ETHICLENS_R45_DB", "sqlite:///x.db")
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n")
    (tmp_path / "c.csv").write_text("g,y,p,n\na,1,0,1\n")
    roles = ["--y-score", "p"] if argv[0] == "thresholds" else ["--y-pred", "p"]
    assert main([*argv, "--y-true", "y", *roles, "--protected", "g"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: argument 'TARGET' and option '{flag}': names 2 targets"), err
    assert "option 'TARGET" not in err
