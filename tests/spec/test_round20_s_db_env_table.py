"""Tester round 20: a database named by its variable (--db-env, target.db_env) with no table
or query is refused naming --db-env / target.db_env, not --db / target.db."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]


@pytest.fixture
def env(tmp_path, monkeypatch):
    with sqlite3.connect(tmp_path / "p.db") as con:
        con.execute("CREATE TABLE predictions (label INT, pred INT, race TEXT)")
        con.execute("INSERT INTO predictions VALUES (1, 1, 'A'), (0, 1, 'B')")
    monkeypatch.setenv("PDB", f"sqlite:///{tmp_path / 'p.db'}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_command_line_names_db_env(env, capsys):
    assert main(["audit", "--db-env", "PDB", *ROLES]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--db-env': --db-env needs --table NAME"), err
    counts = ["counts", "--db-env", "PDB", "--y-pred", "pred", "--protected", "race"]
    assert main([*counts, "--out", "c.csv"]) == 2
    assert "option '--db-env': --db-env needs --table" in capsys.readouterr().err


def test_a_config_names_target_db_env(env, capsys):
    (env / "c.yaml").write_text(
        "version: 1\ntarget: {db_env: PDB}\n"
        "roles: {y_true: label, y_pred: pred, protected: [race]}\n"
    )
    assert main(["audit", "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'target.db_env': target.db_env needs target.table"), err
    assert "target.db " not in err and "'target.db'" not in err


def test_db_is_still_named_db(env, capsys):
    assert main(["audit", "--db", f"sqlite:///{env / 'p.db'}", *ROLES]) == 2
    assert "option '--db': --db needs --table NAME" in capsys.readouterr().err
