"""Round 31 review: a --query holding a parameter (``?``, ``:name``), which nothing binds, was
refused as "...Incorrect number of bindings supplied ... supplied.. Fix: check the table name /
the query": no double period, and the fix says a query takes no parameters (write the value)."""

import sqlite3

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "q.db"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (y INTEGER, p INTEGER, g TEXT)")
        con.executemany(
            "INSERT INTO t VALUES (?, ?, ?)",
            [(i % 2, i // 2 % 2, "ab"[i % 3 % 2]) for i in range(40)],
        )
    return f"sqlite:///{path}"


@pytest.mark.parametrize("where", ["g = ?", "g = :name"])
def test_a_query_parameter_is_told_to_hold_its_value(db, capsys, where):
    query = f"SELECT y, p, g FROM t WHERE {where}"
    assert main(["audit", "--db", db, "--query", query, *ROLES]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert ".. Fix" not in said
    assert said.endswith(
        "supplied. Fix: a query takes no parameters (?, :name, $1): write the value in the "
        "query itself"
    )


def test_another_failed_query_keeps_its_fix(db, capsys):
    assert main(["audit", "--db", db, "--query", "SELECT y, p, g FROM tt", *ROLES]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.endswith(
        "the query failed: no such table: tt. Fix: check the table name / the query"
    )
