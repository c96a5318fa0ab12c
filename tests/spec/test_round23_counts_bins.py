"""Round 23: the audit of a counts table binned when counted (``ethiclens counts --bins``)
records the table's bins in ``run.spec.groups.bins`` as the audit of the rows binned by them
does (was ``{}``, the edges only in ``run.input.bins``): the two reports' specs compare equal,
a refusal against a baseline names the table's bins, and the recorded spec reruns (the
table's own edges given again are its groups as they are, other edges still refused)."""

import json
import sqlite3
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "age", "--protected", "sex"]
BINS = ["--bins", "age=18,25,45,70"]
DRAWS = ["--n-boot", "100", "--seed", "3"]
EDGES = {"age": [18.0, 25.0, 45.0, 70.0]}


@pytest.fixture
def rows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    n = 400
    frame = pd.DataFrame(
        {
            "age": rng.integers(18, 70, n),
            "sex": rng.choice(["F", "M"], n),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
        }
    )
    frame.to_csv("d.csv", index=False)
    with sqlite3.connect("d.db") as con:
        frame.to_sql("t", con, index=False)
    return frame


def _ok(argv, capsys) -> str:
    code = main([str(a) for a in argv])
    err = capsys.readouterr().err
    assert code == 0, err
    return err


def _spec(path) -> dict:
    return json.loads(Path(path).read_text())["run"]["spec"]


@pytest.mark.parametrize(
    ("source", "table"),
    [
        (["d.csv"], "c.parquet"),
        (["d.csv"], "c.csv"),
        (["--db", "sqlite:///d.db", "--table", "t"], "c.parquet"),
    ],
)
def test_counts_audit_records_the_tables_bins_as_the_row_audit(rows, capsys, source, table):
    _ok(["audit", "d.csv", *ROLES, *BINS, "--json", "row.json", *DRAWS], capsys)
    _ok(["counts", *source, *ROLES, *BINS, "--out", table], capsys)
    _ok(["audit", "--counts", table, *ROLES, "--json", "cnt.json", *DRAWS], capsys)
    row, counted = _spec("row.json"), _spec("cnt.json")
    assert counted["groups"]["bins"] == EDGES == row["groups"]["bins"]
    assert counted["groups"] == row["groups"]
    assert json.loads(Path("cnt.json").read_text())["run"]["input"]["bins"] == EDGES
    # either report is the other's baseline; other bins are named as this run's spec has them
    _ok(["audit", "--counts", table, *ROLES, "--baseline", "row.json", *DRAWS], capsys)
    _ok(["audit", "d.csv", *ROLES, *BINS, "--baseline", "cnt.json", *DRAWS], capsys)
    other = ["--bins", "age=18,30,45,70"]
    assert main(["audit", "d.csv", *ROLES, *other, "--baseline", "cnt.json", *DRAWS]) == 2
    err = capsys.readouterr().err
    assert "groups.bins {'age': [18.0, 25.0, 45.0, 70.0]} -> {'age': [18.0, 30.0, 45.0, 70.0]}" in (
        err
    ), err


def test_the_recorded_spec_of_a_counts_audit_reruns(rows, capsys):
    _ok(["counts", "d.csv", *ROLES, *BINS, "--out", "c.parquet"], capsys)
    _ok(["audit", "--counts", "c.parquet", *ROLES, "--json", "a.json", *DRAWS], capsys)
    Path("again.json").write_text(json.dumps(_spec("a.json")))
    _ok(["audit", "--config", "again.json", "--json", "b.json"], capsys)
    a, b = (json.loads(Path(p).read_text()) for p in ("a.json", "b.json"))
    assert a["attributes"] == b["attributes"] and _spec("b.json") == _spec("a.json")
    # the table's own edges given again: accepted, the groups as they are, never binned twice
    _ok(["audit", "--counts", "c.parquet", *ROLES, *BINS, "--json", "c.json", *DRAWS], capsys)
    assert json.loads(Path("c.json").read_text())["attributes"] == a["attributes"]
    # other edges: refused
    other = ["--bins", "age=18,30,45,70"]
    assert main(["audit", "--counts", "c.parquet", *ROLES, *other, *DRAWS]) == 2
    assert "the counts table was binned already when counted" in capsys.readouterr().err


def test_save_config_of_a_counts_audit_is_the_request(rows, capsys):
    _ok(["counts", "d.csv", *ROLES, *BINS, "--out", "c.parquet"], capsys)
    argv = ["audit", "--counts", "c.parquet", *ROLES, *DRAWS, "--save-config", "s.yaml"]
    _ok([*argv, "--json", "a.json"], capsys)
    saved = yaml.safe_load(Path("s.yaml").read_text())
    assert "bins" not in saved.get("groups", {})  # the table holds them
    _ok(["audit", "--config", "s.yaml", "--json", "b.json"], capsys)
    assert _spec("b.json")["groups"]["bins"] == EDGES
