"""Tester round 20: a spec version that is true or 0 is not called text in the fix."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
YAML_ROLES = "roles: {y_true: label, y_pred: pred, protected: [race]}\n"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "d.csv").write_text("label,pred,race\n1,1,A\n0,1,B\n1,0,A\n0,0,B\n")
    with sqlite3.connect(tmp_path / "p.db") as con:
        con.execute("CREATE TABLE predictions (label INT, pred INT, race TEXT)")
        con.execute("INSERT INTO predictions VALUES (1, 1, 'A'), (0, 1, 'B')")
        con.execute("CREATE TABLE empty (label INT, pred INT, race TEXT)")
    monkeypatch.setenv("PDB", f"sqlite:///{tmp_path / 'p.db'}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    ("version", "fix"),
    [
        ("true", "Fix: give 1 (a number, not true or false)"),
        ("0", "Fix: give 1\n"),
        ('"1"', "Fix: give 1 (a number, not text)"),
    ],
)
def test_the_version_fix_says_what_the_value_was(folder, capsys, version, fix):
    (folder / "v.yaml").write_text(f"version: {version}\ntarget: {{file: d.csv}}\n{YAML_ROLES}")
    assert main(["audit", "--config", "v.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'version'") and err.endswith(fix.rstrip("\n") + "\n"), err
