"""Round 45: a list of columns given as one name joined by commas (``--protected race,sex``,
``protected: ["race, sex"]``, ``y_pred='a,b'``) was refused "column 'race,sex': not found in
d.csv. Fix: use one of its columns: 'race', 'sex', ...", which named the very columns meant
without saying what was wrong. ``io.column_not_found`` (every engine, a database, the
monitor) now says they are its columns, each to be named on its own, not joined by ','."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.io import column_not_found

ROLES = ["--y-true", "y", "--y-pred", "p"]


def test_the_refusal_names_the_joined_columns():
    said = str(column_not_found("g, s", ["y", "g", "s"], "d.csv"))
    assert "Fix: 'g' and 's' are its columns: a name is one column, not several" in said, said
    assert "where the role takes several, name each on its own" in said, said
    assert "a list in a config file or Python); use one of its columns: 'y', 'g', 's'" in said
    # a piece that is no column, or one name: the refusal as before
    assert "are its columns" not in str(column_not_found("g,x", ["y", "g", "s"], "d.csv"))
    assert "are its columns" not in str(column_not_found("gs", ["y", "g", "s"], "d.csv"))


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_every_engine_and_the_config_say_it(tmp_path, capsys, monkeypatch, engine):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g,s\n1,0,a,M\n0,1,b,F\n")
    assert main(["audit", "d.csv", *ROLES, "--protected", "g,s", "--engine", engine]) == 2
    err = capsys.readouterr().err
    said = "option '--protected': column 'g,s' not found in d.csv. Fix: 'g' and 's' are its col"
    assert said in err, err
    (tmp_path / "c.yaml").write_text(
        "target: {file: d.csv}\nroles: {y_true: y, y_pred: p, protected: ['g, s']}\n"
    )
    assert main(["audit", "--config", "c.yaml", "--engine", engine]) == 2
    err = capsys.readouterr().err
    said = "key 'roles.protected': column 'g, s' not found in d.csv. Fix: 'g' and 's' are its"
    assert said in err, err


def test_a_column_named_with_a_comma_is_read(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text('y,p,"g,s",g,s\n1,0,a,a,M\n0,1,b,b,F\n')
    argv = ["counts", "d.csv", *ROLES, "--protected", "g,s", "--out", "c.csv"]
    assert main(argv) == 0, capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["audit", "d.csv", "--y-true", "y,p", "--y-pred", "p", "--protected", "g"],
        [
            "monitor",
            "d.csv",
            "--time",
            "t",
            "--window",
            "1d",
            "--y-pred",
            "p,y",
            "--protected",
            "g",
        ],
    ],
)
def test_a_role_of_one_column_is_not_told_to_repeat_its_flag(tmp_path, capsys, monkeypatch, argv):
    """--y-true takes one column everywhere, --y-pred one on the monitor (given twice: refused):
    the joined names are one column too many, not a list to give flag by flag (review of
    87b4a36b: its fix told 'ethiclens monitor --y-pred p,y' to give --y-pred once per column,
    which the monitor then refused as given twice)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("t,y,p,g\n2024-01-01,1,0,a\n2024-01-02,0,1,b\n")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "are its columns: a name is one column, not several joined by ','" in err, err
    assert "are its columns: name each on its own" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]
