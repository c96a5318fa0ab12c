"""Round 46: a protected column named like a database URL with its password
(``postgresql://u:hunter2@h/db``, a pasted connection string) was audited; the HTML masked it,
but the JSON report (attribute name, roles, comparisons), ``--save-config`` and a counts table
wrote the password. Masking it there would break a rerun (the column is named so in the data),
so every engine and face now refuses the name, naming it masked, with the fix: rename it; so
too a label, prediction, score or weight column so named (its name is in the JSON too)."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, audit_frame

NAME = "postgresql://u:hunter2@h/db"
SAID = "the column's name holds a URL with a password"


@pytest.fixture
def frame():
    rng = np.random.default_rng(0)
    n = 200
    return pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), NAME: rng.choice(["a", "b"], n)}
    )


@pytest.mark.parametrize("face", ["pandas", "sqlite", "counts", "label"])
def test_every_engine_and_output_refuses_the_name_and_writes_nothing(tmp_path, frame, capsys, face):
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", NAME]
    out = ["--json", tmp_path / "r.json", "--save-config", tmp_path / "r.yaml"]
    if face == "sqlite":
        db = tmp_path / "d.sqlite"
        with sqlite3.connect(db) as con:
            frame.to_sql("t", con, index=False)
        args = ["audit", "--db", f"sqlite:///{db}", "--table", "t", *roles, *out]
    elif face == "label":  # a label column so named, on the counting engine
        frame.rename(columns={"y": NAME, NAME: "g"}).to_csv(path, index=False)
        roles = ["--y-true", NAME, "--y-pred", "p", "--protected", "g"]
        args = ["audit", path, *roles, "--engine", "duckdb", *out]
    elif face == "counts":
        args = ["counts", path, *roles, "--out", tmp_path / "c.csv"]
    else:
        args = ["audit", path, *roles, "--engine", "pandas", *out]
    assert main([str(a) for a in args]) == 2
    said = capsys.readouterr()
    assert SAID in said.err and "postgresql://u:***@h/db" in said.err
    assert "hunter2" not in said.out + said.err
    assert not [p.name for p in tmp_path.iterdir() if p.name[0] in "rc"]


def test_python_faces_refuse_it_too(frame):
    with pytest.raises(EthicLensInputError, match=SAID):
        audit_frame(frame, y_true="y", y_pred="p", protected=[NAME])
    with pytest.raises(EthicLensInputError, match=SAID):
        Roles(y_pred="p", protected=["x", "mysql://root:pa ss/@w@db:3306/x"])
    with pytest.raises(EthicLensInputError, match=SAID):
        Roles(y_pred="p", protected=["g"], weight="w https://u:p@h/")
    with pytest.raises(EthicLensInputError, match=SAID):  # the pandas path's label
        audit_frame(
            frame.rename(columns={"y": NAME, NAME: "g"}), y_true=NAME, y_pred="p", protected=["g"]
        )


@pytest.mark.parametrize("name", ["source url", "postgresql://u@h/db", "u:p", "a@b", "x=1"])
def test_names_without_a_url_password_are_kept(name):
    assert Roles(y_pred="p", protected=[name]).protected == [name]


def test_the_monitor_refuses_such_a_column_too(tmp_path, frame, capsys):
    """The monitor's JSON names its prediction, label and time columns: one so named was
    written there (monitor --y-pred 'mysql://u:hunter2@h/db')."""
    data = frame.rename(columns={"p": NAME, NAME: "g"})
    data["t"] = pd.date_range("2024-01-01", periods=len(data), freq="h").astype(str)
    path = tmp_path / "m.csv"
    data.to_csv(path, index=False)
    args = ["monitor", path, "--time", "t", "--window", "1d", "--y-pred", NAME, "--y-true", "y"]
    args += ["--protected", "g", "--json", tmp_path / "r.json", "--store", tmp_path / "s.sqlite"]
    assert main([str(a) for a in args]) == 2
    said = capsys.readouterr().err
    assert SAID in said and "hunter2" not in said
    assert not (tmp_path / "r.json").exists()
