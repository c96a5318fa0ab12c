"""Round 29b: on SQLite a read-only --query could still read facts a report must not carry,
where PostgreSQL's are refused (round 28): the database's file path (pragma_database_list,
also written as a plain table name, quoted or schema-qualified), its build and settings
(pragma_compile_options, pragma_function_list, sqlite_version()), its raw pages (dbstat,
sqlite_dbpage). Each is refused before anything is read, naming the function and the fix,
through every face taking --query; the pragma_* functions that describe the database's own
tables (pragma_table_info, ...) and its own tables (sqlite_master) still run."""

import sqlite3

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, sql_counts, sql_source

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

REFUSED = {
    "SELECT file AS race, 1 AS y, 1 AS p FROM pragma_database_list": "pragma_database_list",
    "SELECT * FROM PRAGMA_DATABASE_LIST": "pragma_database_list",
    'SELECT * FROM "pragma_database_list"': "pragma_database_list",
    "SELECT * FROM main.pragma_database_list AS d": "pragma_database_list",
    "SELECT y, p, race FROM preds WHERE race IN (SELECT file FROM pragma_database_list())": (
        "pragma_database_list()"
    ),
    "SELECT compile_options AS race, 1 AS y, 1 AS p FROM pragma_compile_options": (
        "pragma_compile_options"
    ),
    "SELECT name AS race, 1 AS y, 1 AS p FROM pragma_function_list": "pragma_function_list",
    "SELECT y, p, race FROM preds JOIN pragma_page_size ON 1": "pragma_page_size",
    "SELECT y, p, sqlite_version() AS race FROM preds": "sqlite_version()",
    "SELECT y, p, sqlite_source_id() AS race FROM preds": "sqlite_source_id()",
    "SELECT y, p, sqlite_compileoption_get(0) AS race FROM preds": "sqlite_compileoption_get()",
    "SELECT name AS race, 1 AS y, 1 AS p FROM dbstat": "dbstat",
    "SELECT data AS race, 1 AS y, 1 AS p FROM sqlite_dbpage": "sqlite_dbpage",
}


@pytest.mark.parametrize("query", sorted(REFUSED))
def test_sqlite_facts_are_refused_naming_the_function(query):
    with pytest.raises(EthicLensInputError) as exc:
        _sql.read_only_query(query, "sqlite")
    said = str(exc.value).lower()  # sqlglot writes some names in capitals
    assert REFUSED[query] in said and "a report must not carry" in said
    assert exc.value.column == "--query" and REFUSED[query].rstrip("()") in exc.value.fix.lower()


@pytest.mark.parametrize(
    "query",
    [
        "SELECT y, p, race FROM preds WHERE 'y' IN (SELECT name FROM pragma_table_info('preds'))",
        "SELECT y, p, race FROM preds WHERE NOT EXISTS (SELECT 1 FROM pragma_index_list('preds'))",
        "SELECT y, p, race FROM preds WHERE EXISTS (SELECT 1 FROM sqlite_master)",
        "SELECT y, p, race, race AS pragma_database_list FROM preds",
        "SELECT y, p, race FROM preds WHERE race <> 'sqlite_version()'",
    ],
)
def test_the_database_own_tables_still_run(tmp_path, query):
    db = tmp_path / "ok.db"
    with sqlite3.connect(db) as con:
        make_frame(2, n=200).to_sql("preds", con, index=False)
    roles = Roles(y_true="y", y_pred="p", protected=["race"])
    assert len(sql_counts(f"sqlite:///{db}", roles, query=query))


def test_a_postgresql_table_of_such_a_name_is_its_own():
    # on PostgreSQL pragma_* and dbstat are only names: a user's table of that name is read
    assert _sql.read_only_query("SELECT y, p, race FROM pragma_database_list", "postgres")
    # ... and t.sqlite_id a column, not a call in PostgreSQL's attribute notation
    assert _sql.read_only_query("SELECT t.sqlite_id AS race, t.pragma_x AS y, 1 AS p FROM t")


QUERY = "SELECT y, p, s, sex, file AS race FROM preds, pragma_database_list"


@pytest.mark.parametrize("command", ["audit", "thresholds", "compare"])
def test_every_cli_face_refuses_it(tmp_path, capsys, command):
    db = tmp_path / "f.db"
    with sqlite3.connect(db) as con:
        make_frame(3, n=100).to_sql("preds", con, index=False)
    roles = ["--y-true", "y", "--protected", "race"]
    roles += {"audit": ["--y-pred", "p"], "thresholds": ["--y-score", "s"]}.get(
        command, ["--y-pred", "p", "--y-pred", "sex"]
    )
    argv = [command, "--db", f"sqlite:///{db}", "--query", QUERY, *roles, "--n-boot", "100"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "pragma_database_list" in err and "Traceback" not in err
    assert str(db) not in err


def test_python_and_monitor_faces_refuse_it(tmp_path):
    db = tmp_path / "f.db"
    with sqlite3.connect(db) as con:
        make_frame(3, n=100).to_sql("preds", con, index=False)
    roles = Roles(y_true="y", y_pred="p", protected=["race"])
    with pytest.raises(EthicLensInputError, match="pragma_database_list"):
        sql_counts(f"sqlite:///{db}", roles, query=QUERY)
    with pytest.raises(EthicLensInputError, match="pragma_database_list"):  # the monitor's read
        sql_source(None, QUERY, "sqlite", url=f"sqlite:///{db}")
