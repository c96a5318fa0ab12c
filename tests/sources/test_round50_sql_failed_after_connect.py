"""Round 50: any failure of a database read once connected (a query, a value read back, a
conversion) was refused "option '--db ...': cannot connect: <the error>. Fix: check the host,
port, database name and credentials", which hid a group column named twice and a PostgreSQL
array group. A failure once connected is the count's now ("the counting query failed", the
column named where one column's values failed), on every face: sql_counts, the command line's
--db, the monitor's database windows, and the web, which shows it as the Table field's, not
the database's; a failed connection keeps the connection's words."""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from ethiclens.cli._main import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, sql_counts
from ethiclens.web._jobs import database_refusal

FRAME = pd.DataFrame({"y": [1, 0] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4})
CONNECTION_FIX = "check the host, port, database name and credentials"


@pytest.fixture
def url(tmp_path):
    path = tmp_path / "d.sqlite"
    with sqlite3.connect(path) as con:
        FRAME.to_sql("t", con, index=False)
    return f"sqlite:///{path}"


def _boom(*args, **kwargs):
    raise TypeError("boom")


@pytest.mark.parametrize("where", ["values", "finish"])
def test_a_failure_once_connected_is_the_counts_not_the_connections(monkeypatch, url, where):
    if where == "values":  # one key column's values read back: that column named
        monkeypatch.setattr(_sql._Values, "first_spellings", _boom)
    else:
        monkeypatch.setattr(_sql, "finish_counts", _boom)
    with pytest.raises(EthicLensInputError) as said:
        sql_counts(url, Roles("p", ["g"], "y"), table="t", flag="--db-env DB")
    problem = said.value.problem
    assert "cannot connect" not in problem and CONNECTION_FIX not in said.value.fix
    column = " on column 'g'" if where == "values" else ""
    assert problem == f"the counting query failed{column}: boom"
    assert database_refusal(said.value, "DB") is None  # the web: the Table field's refusal


def test_the_command_line_says_the_counts_words(monkeypatch, url, capsys):
    monkeypatch.setattr(_sql._Values, "first_spellings", _boom)
    assert main(["audit", "--db", url, "--table", "t", "--y-pred", "p", "--protected", "g"]) == 2
    err = capsys.readouterr().err
    assert "the counting query failed on column 'g': boom" in err and "cannot connect" not in err


def test_a_failed_connection_keeps_its_words():
    with pytest.raises(EthicLensInputError) as said:
        sql_counts("postgresql+psycopg://u@127.0.0.1:1/db", Roles("p", ["g"], "y"), table="t")
    assert said.value.problem.startswith("cannot connect") and said.value.fix == CONNECTION_FIX
