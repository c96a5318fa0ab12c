"""Tester round 20, the words of three refusals: an unknown model-card field or section names
the closest one; a database table or query with no rows names --table / --query
(target.table / target.query in a config); a spec version that is true or 0 is not called text
in the fix."""

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
    ("card", "meant"),
    [
        ("model_details:\n  nmae: x\n", "did you mean 'name'? use fields from"),
        ("model_detials:\n  name: x\n", "did you mean 'model_details'? use sections from"),
    ],
)
def test_an_unknown_card_field_names_the_closest(folder, capsys, card, meant):
    (folder / "card.yaml").write_text(card)
    assert main(["audit", "d.csv", *ROLES, "--card-info", "card.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--card-info'") and meant in err, err


def test_no_rows_names_the_query_or_the_table(folder, capsys):
    empty = "SELECT * FROM predictions WHERE 1=0"
    assert main(["audit", "--db-env", "PDB", "--query", empty, *ROLES]) == 2
    assert capsys.readouterr().err.startswith("error: option '--query': the query has no data rows")
    assert main(["audit", "--db-env", "PDB", "--table", "empty", *ROLES]) == 2
    assert capsys.readouterr().err.startswith("error: option '--table': table empty has no data")
    (folder / "q.yaml").write_text(
        f"version: 1\ntarget: {{db_env: PDB, query: '{empty}'}}\n{YAML_ROLES}"
    )
    assert main(["audit", "--config", "q.yaml"]) == 2
    assert capsys.readouterr().err.startswith(
        "error: key 'target.query': the query has no data rows"
    )


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
