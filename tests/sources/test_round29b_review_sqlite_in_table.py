"""Round 29b review: SQLite's ``x IN table-name`` reads a table (sqlglot parses the table as
a column), so ``'THREADSAFE=1' IN pragma_compile_options`` or ``(seq, name, file) IN
pragma_database_list`` filtered the audited rows by SQLite's facts past the guard of 0e61e132.
Refused as the same table read in FROM is; ``x IN`` a user's table still runs."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, sql_counts

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")


@pytest.mark.parametrize(
    ("query", "name"),
    [
        (
            "SELECT * FROM preds WHERE 'THREADSAFE=1' IN pragma_compile_options",
            "pragma_compile_options",
        ),
        (
            "SELECT * FROM preds WHERE (0, 'main', race) IN main.pragma_database_list",
            "pragma_database_list",
        ),
        ('SELECT * FROM preds WHERE race NOT IN "DBSTAT"', "dbstat"),
    ],
)
def test_in_a_sqlite_fact_table_is_refused(query, name):
    with pytest.raises(EthicLensInputError) as exc:
        _sql.read_only_query(query, "sqlite")
    assert f"the query reads {name}: " in str(exc.value) and exc.value.column == "--query"
    assert name in exc.value.fix


def test_in_a_user_table_still_runs(tmp_path):
    db = tmp_path / "ok.db"
    with sqlite3.connect(db) as con:
        make_frame(2, n=200).to_sql("preds", con, index=False)
        con.execute("CREATE TABLE kept (race)")
        con.executemany("INSERT INTO kept VALUES (?)", [("A",), ("B",)])
    roles = Roles(y_true="y", y_pred="p", protected=["race"])
    query = "SELECT y, p, race FROM preds WHERE race IN kept"
    assert len(sql_counts(f"sqlite:///{db}", roles, query=query))
    assert _sql.read_only_query("SELECT y FROM t WHERE x IN pragma_x", "postgres")


@pytest.mark.parametrize(
    "query",
    [
        "WITH dbstat AS (SELECT y, p, race FROM preds) SELECT * FROM dbstat",
        "WITH pragma_database_list AS (SELECT 'A' AS file) "
        "SELECT y, p, race FROM preds WHERE race IN pragma_database_list",
        "WITH a AS (SELECT * FROM dbstat), dbstat AS (SELECT y, p, race FROM preds) "
        "SELECT * FROM a UNION ALL SELECT * FROM dbstat",
    ],
)
def test_a_cte_of_such_a_name_is_the_query_own(tmp_path, query):
    # SQLite reads a CTE's name (unqualified) as the CTE, never as its table of that name
    db = tmp_path / "ok.db"
    with sqlite3.connect(db) as con:
        make_frame(2, n=200).to_sql("preds", con, index=False)
    roles = Roles(y_true="y", y_pred="p", protected=["race"])
    assert len(sql_counts(f"sqlite:///{db}", roles, query=query))


@pytest.mark.parametrize(
    "query",
    [
        "WITH dbstat AS (SELECT 1 AS y) SELECT * FROM main.dbstat",
        "WITH dbstat AS (SELECT 1 AS y) SELECT * FROM t WHERE y IN main.dbstat",
        "SELECT * FROM (WITH dbstat AS (SELECT 1 AS y) SELECT * FROM t) AS q, dbstat",
        "WITH q AS (SELECT 1 AS y) SELECT * FROM q UNION SELECT * FROM dbstat",
    ],
)
def test_a_cte_elsewhere_does_not_hide_the_table(query):
    with pytest.raises(EthicLensInputError, match="the query reads dbstat: "):
        _sql.read_only_query(query, "sqlite")
