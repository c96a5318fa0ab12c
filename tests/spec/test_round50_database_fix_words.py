"""A database's rows were told to be fixed 'in the file': on --db with --table, a positive label
no column holds said "recode one column to the other's values in the file", labels not 0/1
"recode it to 0/1 in the file", a continuous group "write them in the file as text ... (a CSV
field of digits ...), or save the file as Parquet" (audit, compare, thresholds, counts, the
monitor; the web's run refusals say the command line's fix). One helper (errors.in_source_words)
now says the table, or the query's result, where the rows come from a database."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError, FaceFix, in_source_words, source_noun

ROWS = [
    (("Y", "N")[i % 2], ("N", "Y")[i % 3 == 0], "ab"[i % 2], i * 1.5, f"2024-01-0{i % 3 + 1}")
    for i in range(120)
]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "w.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("create table preds2 (y text, p text, g text, s real, t text)")
        con.executemany("insert into preds2 values (?, ?, ?, ?, ?)", ROWS)
    yield f"sqlite:///{path}"


ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize(
    "args, said",
    [
        (["audit", "--table", "preds2", *ROLES, "--pos-label", "yes"], "values in the table and"),
        (
            ["audit", "--query", "select * from preds2", *ROLES, "--pos-label", "yes"],
            "values in the query's result and name",
        ),
        (["audit", "--table", "preds2", *ROLES], "recode it to 0/1 in the table, with 1 for"),
        (
            ["audit", "--table", "preds2", *ROLES[:4], "--protected", "s", "--pos-label", "Y"],
            "store them in the table as text that is not a number (e.g. 'code 2850')",
        ),
        (
            ["monitor", "--table", "preds2", *ROLES, "--time", "t", "--window", "1d"],
            "recode it to 0/1 in the table, with 1 for",
        ),
    ],
)
def test_a_database_is_named_as_such_in_the_fix(db, tmp_path, capsys, args, said):
    extra = ["--store", str(tmp_path / "m.sqlite")] if args[0] == "monitor" else []
    assert main([args[0], "--db", db, *args[1:], *extra]) == 2
    err = capsys.readouterr().err
    assert said in err and "file" not in err.split("Fix: ")[1], err


def test_a_file_keeps_its_words_and_the_helper_rewrites_both_faces(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n" + "".join(f"{r[0]},{r[1]},{r[2]}\n" for r in ROWS))
    assert main(["audit", str(path), *ROLES]) == 2
    assert "recode it to 0/1 in the file, with 1 for" in capsys.readouterr().err
    exc = EthicLensInputError("x", column="g", fix=FaceFix("in pandas", "fix it in the file"))
    said = in_source_words(exc, source_noun(query="select 1"))
    assert (str(said.fix), said.fix.cli) == ("in pandas", "fix it in the query's result")
    assert in_source_words(exc, source_noun()) is exc
