"""Round 49 holdout: a threshold view of a file lacking both the label and the score columns
named the missing --y-score on the pandas engine (its in-memory read checked the score first)
and the missing --y-true on DuckDB (the roles in the audit's order). Every engine now names the
label first, as the audit does."""

import importlib.util

import pytest

from ethiclens.cli import main

ENGINES = [
    "pandas",
    pytest.param(
        "duckdb",
        marks=pytest.mark.skipif(
            not importlib.util.find_spec("duckdb"), reason="duckdb not installed"
        ),
    ),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("g\na\nb\n", "option '--y-true': column 'y' not found"),
        ("g,y\na,0\nb,1\n", "option '--y-score': column 's' not found"),
    ],
)
def test_the_threshold_view_names_the_same_missing_column_on_every_engine(
    tmp_path, capsys, engine, text, named
):
    path = tmp_path / "one.csv"
    path.write_text(text)
    argv = [
        "thresholds",
        str(path),
        "--y-true",
        "y",
        "--y-score",
        "s",
        "--protected",
        "g",
        "--engine",
        engine,
    ]
    assert main(argv) == 2
    assert named in capsys.readouterr().err


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "roles",
    [
        ["audit", "--y-pred", "p"],
        ["thresholds", "--y-score", "s"],
        ["compare", "--y-pred", "p", "--y-pred", "q"],
    ],
)
def test_a_column_in_two_roles_is_named_before_a_missing_one_on_every_engine(
    tmp_path, capsys, engine, roles
):
    """The pandas read named the missing column first ("option '--y-pred': column 'p' not
    found"), the counting engines the label that is also the protected attribute."""
    path = tmp_path / "one.csv"
    path.write_text("g\na\nb\n")
    command, *rest = roles
    argv = [command, str(path), "--y-true", "g", *rest, "--protected", "g", "--engine", engine]
    assert main(argv) == 2
    assert "column 'g': plays two roles: protected attribute" in capsys.readouterr().err
