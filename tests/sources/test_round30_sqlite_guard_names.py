"""The SQLite read-only guard of --query refused names that read none of SQLite's facts: a
CTE named like one and given its column list (``WITH RECURSIVE dbstat(n) AS (…)``: read as a
call of dbstat()), and the database's own tables named ``pragma_x`` or ``dbstat`` (SQLite
reads the database's table of that name before its own). Each now runs; SQLite's facts, and
a name of the database's own table read from another schema (``temp.dbstat``: SQLite's),
stay refused."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, sql_counts, sql_source

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = Roles(y_true="y", y_pred="p", protected=["race"])
CTE = (
    "WITH RECURSIVE dbstat(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM dbstat WHERE n < 9) "
    "SELECT y, p, race FROM preds WHERE y IN (SELECT n - 1 FROM dbstat)"
)


@pytest.mark.parametrize(
    "query",
    [CTE, "WITH pragma_database_list(y) AS (SELECT 1) SELECT y FROM pragma_database_list"],
)
def test_a_cte_with_columns_named_like_a_fact_is_no_call(query):
    assert _sql.read_only_query(query, "sqlite")


@pytest.mark.parametrize(
    "query",
    [
        "WITH c(n) AS (SELECT 1) SELECT y, p, race FROM preds, dbstat(n)",
        "WITH dbstat(n) AS (SELECT 1) SELECT y, p, race FROM preds, dbstat('main') AS d",
        "WITH c(n) AS (SELECT 1), d AS (SELECT * FROM pragma_database_list()) SELECT * FROM c",
        "SELECT y, p, race FROM preds JOIN temp.dbstat ON 1",
    ],
)
def test_a_fact_is_still_refused(query):
    with pytest.raises(EthicLensInputError, match="a report must not carry"):
        _sql.read_only_query(query, "sqlite")


def _db(tmp_path, *tables):
    db = tmp_path / "own.db"
    with sqlite3.connect(db) as con:
        for i, table in enumerate(tables):
            make_frame(i, n=200).to_sql(table, con, index=False)
    return f"sqlite:///{db}"


@pytest.mark.parametrize("table", ["pragma_x", "dbstat", "PRAGMA_DATABASE_LIST"])
def test_the_database_own_table_of_a_fact_name_is_read(tmp_path, table):
    url = _db(tmp_path, "preds", table)
    own = sql_counts(url, ROLES, query=f"SELECT y, p, race FROM {table.lower()}")
    assert own.equals(sql_counts(url, ROLES, table=table))
    assert sql_counts(url, ROLES, query=f"SELECT y, p, race FROM main.{table}").equals(own)
    assert sql_source(None, f"SELECT y, p, race FROM {table}", "sqlite", url=url)
    for query in (f"SELECT y, p, race FROM temp.{table}", "SELECT y, p, race FROM sqlite_dbpage"):
        with pytest.raises(EthicLensInputError, match="a report must not carry"):
            sql_counts(url, ROLES, query=query)  # SQLite's own, not the database's


def test_without_such_a_table_the_fact_is_refused(tmp_path):
    url = _db(tmp_path, "preds")
    for query in ("SELECT y, p, race FROM pragma_x", "SELECT y, p, race FROM preds, dbstat"):
        with pytest.raises(EthicLensInputError, match="a report must not carry"):
            sql_counts(url, ROLES, query=query)
        with pytest.raises(EthicLensInputError, match="a report must not carry"):
            sql_source(None, query, "sqlite", url=url)
