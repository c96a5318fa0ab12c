"""Round 47 (engines): a protected column whose values hold a password
('postgresql://u:hunter2@h/db', 'u:hunter2@h', 'password=hunter2') was masked on the terminal
and in the HTML but written in clear in the JSON report (groups, reasons, headlines), the
counts --out CSV and the threshold table; masking them there would merge groups that differ
only by the password. Such a value is refused, as a column so named is, on every face and
engine, where group values are first checked (_checks.check_label_lengths), before anything is
written: naming the column, the value masked and the fix."""

from __future__ import annotations

import sqlite3

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

SECRETS = ["postgresql://u:hunter2@h/db", "u:hunter2@h", "password=hunter2"]
SAID = "group value(s) hold a password"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _rows(secret: str) -> str:
    return "y,p,q,s,g,t\n" + "".join(
        f"{i % 2},{i // 2 % 2},{i // 3 % 2},0.{i % 9 + 1},"
        f"{'plain' if i % 2 else secret},2024-01-0{1 + i % 3}\n"
        for i in range(40)
    )


def _data(tmp_path, secret):
    path = tmp_path / "d.csv"
    path.write_text(_rows(secret).replace(secret, f'"{secret}"'))
    return path


def _args(face, tmp_path, data):
    out = str(tmp_path / "r.json")
    db = tmp_path / "d.sqlite"
    if face == "sqlite":
        import pandas as pd

        with sqlite3.connect(db) as con:
            pd.read_csv(data).to_sql("t", con, index=False)
    if face == "audit_counts":  # a counts table written of plain groups, one then renamed
        plain = tmp_path / "plain.csv"
        plain.write_text(_rows("other"))
        assert main(["counts", str(plain), *ROLES, "--out", str(tmp_path / "c.csv")]) == 0
        text = (tmp_path / "c.csv").read_text()
        (tmp_path / "c.csv").write_text(text.replace("other", "u:hunter2@h"))
    return {
        "pandas": ["audit", str(data), *ROLES, "--engine", "pandas", "--json", out],
        "duckdb": ["audit", str(data), *ROLES, "--engine", "duckdb", "--json", out],
        "sqlite": ["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES, "--json", out],
        "intersect": ["audit", str(data), *ROLES, "--protected", "q", "--intersect", "g,q"]
        + ["--engine", "duckdb", "--json", out],
        "audit_counts": ["audit", "--counts", str(tmp_path / "c.csv"), "--json", out],
        "counts": ["counts", str(data), *ROLES, "--out", str(tmp_path / "r.csv")],
        "compare": ["compare", str(data), "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
        + ["--protected", "g", "--json", out],
        "thresholds": ["thresholds", str(data), "--y-true", "y", "--y-score", "s"]
        + ["--protected", "g", "--json", out],
        "monitor": ["monitor", str(data), "--time", "t", "--window", "1d", *ROLES]
        + ["--json", out, "--store", str(tmp_path / "r.sqlite")],
        "p2nia": ["p2nia", "request", "--n", "100", "--protected", "g", "--epsilon", "1"]
        + ["--groups", "plain,u:hunter2@h", "--out", out],
    }[face]


FACES = ["pandas", "duckdb", "sqlite", "intersect", "counts", "audit_counts"]


@pytest.mark.parametrize("face", [*FACES, "compare", "thresholds", "monitor", "p2nia"])
def test_every_face_refuses_a_password_group_and_writes_nothing(tmp_path, capsys, face):
    data = _data(tmp_path, SECRETS[0])
    args = _args(face, tmp_path, data)
    assert main(args) == 2
    said = capsys.readouterr()
    assert SAID in said.err and "***" in said.err and "hunter2" not in said.out + said.err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("r.")]


@pytest.mark.parametrize("secret", SECRETS)
def test_the_python_face_refuses_each_shape(secret):
    groups = [secret, "plain"] * 10
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit([0, 1] * 10, [1, 1, 0, 0] * 5, {"g": groups})
    said = str(caught.value)
    assert SAID in said and "column 'g'" in said and "hunter2" not in said


def test_plain_groups_with_colons_and_at_signs_are_audited():
    groups = ["team:a", "alice@example.org", "C:\\x@y", "ratio=1:2"] * 5
    result = ethiclens.audit([0, 1] * 10, [1, 1, 0, 0] * 5, {"g": groups})
    assert "team:a" in result.to_json()
