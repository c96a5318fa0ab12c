"""A SQLite fact named as the table (--table pragma_database_list, dbstat, sqlite_dbpage) was
read as the data, where the same read through --query is refused (round 29b): the report
could carry the database file's path as a group. It is refused alike on every face; the
database's own tables (sqlite_master, pragma_table_info) and its own table of such a name are
read as before."""

import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts, sql_source

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

FACTS = ["pragma_database_list", "main.pragma_database_list", "dbstat", "sqlite_dbpage"]


@pytest.mark.parametrize("table", FACTS)
def test_python_table_of_a_fact_is_refused(table):
    with pytest.raises(EthicLensInputError, match="a report must not carry") as exc:
        sql_source(table, None, "sqlite")
    assert exc.value.column == "table"


def test_every_face_refuses_it_without_the_path(tmp_path, capsys):
    db = tmp_path / "f.db"
    sqlite3.connect(db).close()
    url = f"sqlite:///{db}"
    roles = Roles(y_true="seq", y_pred="seq", protected=["file"])
    with pytest.raises(EthicLensInputError, match="pragma_database_list"):
        sql_counts(url, roles, table="pragma_database_list")
    argv = ["audit", "--db", url, "--table", "pragma_database_list", "--y-true", "seq"]
    assert main([*argv, "--y-pred", "seq", "--protected", "file"]) == 2
    err = capsys.readouterr().err
    assert "pragma_database_list" in err and str(db) not in err and "Traceback" not in err


def test_own_tables_are_read_as_before(tmp_path):
    db = tmp_path / "own.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE dbstat (y, p, g)")
    assert sql_source("sqlite_master", None, "sqlite") == '"sqlite_master"'
    assert sql_source("pragma_table_info", None, "sqlite") == '"pragma_table_info"'
    assert sql_source("dbstat", None, "sqlite", url=f"sqlite:///{db}") == '"dbstat"'
    assert sql_source("pragma_database_list", None, "postgresql") == '"pragma_database_list"'
