"""Tester round 20: a SQLite database named by a SQLite URI (sqlite:///file:x?uri=true), on
--db, --db-env or in a config, is an input no output (--json, --html, --save-config) may
replace, as it is when named by its path."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race", "--n-boot", "100"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(3)
    n = 300
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["A", "B"], n),
        }
    )
    with sqlite3.connect(tmp_path / "dbj.json") as con:
        frame.to_sql("predictions", con, index=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


URI = "sqlite:///file:dbj.json?uri=true&mode=ro"


@pytest.mark.parametrize("output", ["--json", "--html", "--save-config"])
@pytest.mark.parametrize("by_env", [False, True])
def test_a_sqlite_uri_database_is_not_overwritten(folder, monkeypatch, capsys, output, by_env):
    before = (folder / "dbj.json").read_bytes()
    monkeypatch.setenv("PDB", URI)
    source = ["--db-env", "PDB"] if by_env else ["--db", URI]
    args = ["audit", *source, "--table", "predictions", *ROLES, output, "dbj.json"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"option '{output}': output dbj.json is the input file" in err
    assert (folder / "dbj.json").read_bytes() == before


def test_a_sqlite_uri_in_a_config_is_protected(folder, capsys):
    before = (folder / "dbj.json").read_bytes()
    (folder / "c.yaml").write_text(
        "version: 1\n"
        f"target: {{db: '{URI}', table: predictions}}\n"
        "roles: {y_true: label, y_pred: pred, protected: [race]}\n"
        "policy: {n_boot: 100}\n"
        "outputs: {json: dbj.json}\n"
    )
    assert main(["audit", "--config", "c.yaml"]) == 2
    assert "output dbj.json is the input file" in capsys.readouterr().err
    assert (folder / "dbj.json").read_bytes() == before
