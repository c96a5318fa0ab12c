"""A --query cannot run a second statement through a string PostgreSQL reads apart (round 27).

sqlglot reads ``'a\\'`` as PostgreSQL does by default (``standard_conforming_strings = on``: a
backslash is a character) and regenerates it as written. A URL's
``options=-c standard_conforming_strings=off`` (or a role's or a database's setting, which a DBA
makes) has the server read the backslash as an escape: the string ran on past its quote, the
text of the next string literal became SQL, and PostgreSQL's simple query protocol ran it as
more statements: ``COMMIT; DELETE FROM victim`` deleted the row and committed it. Now the
transaction sets ``standard_conforming_strings`` on before anything runs, and every statement
holding the user's SQL is sent through the extended protocol (a server-side cursor), which runs
one statement at most whatever the text says.
"""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts
from tests.conftest import execute_sql

from .conftest import make_frame

pytest.importorskip("sqlglot")
pytest.importorskip("sqlalchemy")

ROLES = Roles(y_pred="p", y_true="y", protected=["race"])
ESCAPES_OFF = "&options=-c%20standard_conforming_strings%3Doff"
# PostgreSQL with backslash escapes reads: SELECT * FROM (SELECT 'a'', ' ) AS z; COMMIT;
# DELETE FROM victim27; SELECT ... -- the rest
ATTACK = (
    "SELECT 'a\\', ') AS z; COMMIT; DELETE FROM victim27; SELECT * FROM (SELECT 1 AS y, "
    "1 AS p, 2 AS race) AS q --' AS race, y, p FROM scores27"
)


def _count(url, table):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as con:
            return con.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar()
    finally:
        engine.dispose()


@pytest.fixture
def server(postgres_url):
    import sqlalchemy as sa

    engine = sa.create_engine(postgres_url)
    make_frame(27, n=300).to_sql("scores27", engine, if_exists="replace", index=False)
    engine.dispose()
    execute_sql(
        postgres_url,
        "DROP TABLE IF EXISTS victim27",
        "CREATE TABLE victim27 (v int)",
        "INSERT INTO victim27 SELECT generate_series(1, 10)",
    )
    yield postgres_url
    execute_sql(postgres_url, "DROP TABLE IF EXISTS victim27, scores27")


def test_backslash_escapes_cannot_split_the_query(server):
    url = server + ESCAPES_OFF
    try:
        counts = sql_counts(url, ROLES, query=ATTACK)
    except EthicLensInputError:
        counts = None
    assert _count(server, "victim27") == 10, "a second statement ran and committed"
    if counts is not None:  # read as sqlglot read it: race is the second string
        assert {g[:7] for g in counts["race"]} == {") AS z;"}


def test_a_plain_query_still_counts_with_escapes_off(server):
    url = server + ESCAPES_OFF
    sql = "SELECT y, p, CASE WHEN race = 'A' THEN 'a\\b' ELSE race END AS race FROM scores27"
    counts = sql_counts(url, ROLES, query=sql)
    assert "a\\b" in set(counts["race"])
    assert int(counts["count"].sum()) == 300


def test_a_query_cannot_run_two_statements_whatever_the_server_reads(server, monkeypatch):
    """Layer two alone: even where the checked SQL would read as two statements, the server
    runs one (the extended protocol refuses a second)."""
    from ethiclens.sources import _sql

    two = "SELECT y, p, race FROM public.scores27) AS z; COMMIT; DELETE FROM public.victim27; "
    two += "SELECT * FROM (SELECT 1"
    monkeypatch.setattr(_sql, "read_only_query", lambda query, dialect="postgres": two)
    # the runtime check regenerates the first statement only: let the text through as it is
    monkeypatch.setattr(_sql, "_checked_at_runtime", lambda sa, con, source, *rest: source)
    with pytest.raises(EthicLensInputError):
        sql_counts(server, ROLES, query="SELECT y, p, race FROM scores27")
    assert _count(server, "victim27") == 10


def test_the_cursors_are_planned_to_read_every_row(server):
    """The server-side cursor is planned as a plain statement is (cursor_tuple_fraction 1, not
    0.1, which favours a fast first batch over the whole GROUP BY)."""
    # read inside the count's own transaction: a --query may no longer read the server's
    # settings (current_setting is refused since round 28)
    import sqlalchemy as sa

    from ethiclens.sources import _sql

    engine = sa.create_engine(server)
    try:
        with engine.connect() as con, _sql._read_only(sa, con, "postgresql", 600):
            said = con.execute(sa.text("SELECT current_setting('cursor_tuple_fraction')"))
            assert said.scalar() == "1"
    finally:
        engine.dispose()
    assert sql_counts(server, ROLES, table="scores27") is not None
