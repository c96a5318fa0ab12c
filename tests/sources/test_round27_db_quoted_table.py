"""A --table typed with SQL's double quotes ("Sch"."Tab", as psql writes it) is refused with the
name to give instead (round 27): each part is quoted as typed, so the quotes became part of
the name, and the refusal only said that the name was read as typed."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts
from tests.conftest import execute_sql

pytest.importorskip("sqlalchemy")

ROLES = Roles(y_pred="p", y_true="y", protected=["race"])


def test_sqlite_quoted_table_names_the_bare_name(tmp_path):
    path = tmp_path / "q.db"
    con = sqlite3.connect(path)
    con.execute('CREATE TABLE "Scores" (y INT, p INT, race TEXT)')
    con.executemany('INSERT INTO "Scores" VALUES (?, ?, ?)', [(1, 1, "A"), (0, 1, "B")])
    con.commit()
    con.close()
    with pytest.raises(EthicLensInputError) as err:
        sql_counts(f"sqlite:///{path}", ROLES, table='"Scores"')
    assert "--table Scores" in err.value.fix
    with pytest.raises(EthicLensInputError) as err:
        sql_counts(f"sqlite:///{path}", ROLES, table='"main"."Scores"')
    assert "--table main.Scores" in err.value.fix


def test_postgres_quoted_schema_and_table(postgres_url):
    execute_sql(
        postgres_url,
        'CREATE SCHEMA IF NOT EXISTS "Sch27"',
        'DROP TABLE IF EXISTS "Sch27"."Tab"',
        'CREATE TABLE "Sch27"."Tab" (y int, p int, race text)',
        "INSERT INTO \"Sch27\".\"Tab\" VALUES (1, 1, 'A'), (0, 1, 'B')",
    )
    try:
        with pytest.raises(EthicLensInputError) as err:
            sql_counts(postgres_url, ROLES, table='"Sch27"."Tab"')
        assert "--table Sch27.Tab" in err.value.fix
        assert int(sql_counts(postgres_url, ROLES, table="Sch27.Tab")["count"].sum()) == 2
    finally:
        execute_sql(postgres_url, 'DROP SCHEMA "Sch27" CASCADE')


def test_postgres_names_the_near_miss_as_sqlite_does(postgres_url):
    """PostgreSQL's refusal of a mistyped table named no near miss: the failed statement had
    aborted the transaction, so the look-up of the database's tables failed (and was
    swallowed). SQLite's named it; both do now."""
    execute_sql(
        postgres_url,
        "DROP TABLE IF EXISTS scores27q",
        "CREATE TABLE scores27q (y int, p int, race text)",
    )
    try:
        for typo in ("Scores27q", "scores27q "):
            with pytest.raises(EthicLensInputError) as err:
                sql_counts(postgres_url, ROLES, table=typo)
            assert "did you mean 'scores27q'?" in err.value.fix
    finally:
        execute_sql(postgres_url, "DROP TABLE scores27q")


def test_postgres_quoted_unqualified_table(postgres_url):
    execute_sql(
        postgres_url,
        'DROP TABLE IF EXISTS "Scores27u"',
        'CREATE TABLE "Scores27u" (y int, p int, race text)',
    )
    try:
        with pytest.raises(EthicLensInputError) as err:
            sql_counts(postgres_url, ROLES, table='"Scores27u"')
        assert "--table Scores27u" in err.value.fix
    finally:
        execute_sql(postgres_url, 'DROP TABLE "Scores27u"')
