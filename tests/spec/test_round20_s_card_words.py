"""Tester round 20: an unknown model-card field or section names the closest one."""

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
