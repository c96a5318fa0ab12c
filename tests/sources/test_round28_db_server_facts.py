"""Round 28: a read-only --query could still read facts of the server that a report must not
carry: role names (current_user, session_user, user, pg_roles, pg_authid, pg_user), settings
(current_setting('data_directory')), its files (pg_read_file, pg_ls_dir) and other sessions'
queries (pg_stat_activity). Each is refused before anything connects, naming what it reads
and the fix; a column of such a name, quoted, still runs. A statement that runs past the
timeout is refused naming the timeout in seconds and how to raise it, also where it is a
refused value's look-up that ran long (that was reported as "cannot connect")."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, sql_counts

pytest.importorskip("sqlglot")

FACTS = {
    "SELECT current_user AS race, y, p FROM scores": "reads current_user",
    "SELECT y, p, session_user AS race FROM scores": "reads session_user",
    "SELECT y, p, user AS race FROM scores": "reads user",
    "SELECT y, p, CURRENT_ROLE AS race FROM scores": "reads current_role",
    "SELECT y, p, current_setting('data_directory') AS race FROM scores": "current_setting()",
    "SELECT y, p, pg_catalog.current_setting('config_file') AS race FROM s": "current_setting()",
    "SELECT y, p, version() AS race FROM scores": "version()",
    "SELECT y, p, inet_server_addr()::text AS race FROM scores": "inet_server_addr()",
    "SELECT y, p, current_database() AS race FROM scores": "current_database()",
}


@pytest.mark.parametrize("query", sorted(FACTS))
def test_server_facts_are_refused(query):
    with pytest.raises(EthicLensInputError) as exc:
        _sql.read_only_query(query)
    said = str(exc.value).lower()  # sqlglot writes some names in capitals
    assert FACTS[query] in said and "a report must not carry" in said
    assert exc.value.column == "--query" and exc.value.fix


@pytest.mark.parametrize(
    "query, words",
    [
        ("SELECT rolname AS race, 1 AS y, 1 AS p FROM pg_roles", "system catalogs"),
        ("SELECT rolpassword AS race, 1 AS y, 1 AS p FROM pg_authid", "system catalogs"),
        ("SELECT usename AS race, 1 AS y, 1 AS p FROM pg_user", "system catalogs"),
        ("SELECT query AS race, 1 AS y, 1 AS p FROM pg_stat_activity", "system catalogs"),
        ("SELECT pg_read_file('/etc/passwd') AS race, 1 AS y, 1 AS p", "server functions"),
        ("SELECT pg_ls_dir('.') AS race, 1 AS y, 1 AS p", "server functions"),
    ],
)
def test_the_catalogs_and_files_stay_refused(query, words):
    with pytest.raises(EthicLensInputError, match=words):
        _sql.read_only_query(query)


@pytest.mark.parametrize(
    "query",
    [
        'SELECT "user" AS race, y, p FROM scores',
        "SELECT t.user AS race, y, p FROM scores AS t",
        "SELECT y, p, race AS version FROM scores",
        "SELECT y, p, race FROM scores WHERE note <> 'current_user'",
    ],
)
def test_a_column_or_text_of_such_a_name_runs(query):
    assert _sql.read_only_query(query)


def test_sqlite_keeps_its_own_words():
    # SQLite has no such keywords: a column named user is that column
    assert _sql.read_only_query("SELECT user AS race, y, p FROM scores", "sqlite")


def _setup(url):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.begin() as con:
        con.execute(sa.text("DROP TABLE IF EXISTS r28"))
        con.execute(sa.text('CREATE TABLE r28 (y int, p int, "user" text)'))
        con.execute(sa.text("INSERT INTO r28 VALUES (0, 0, 'a'), (1, 1, 'b'), (1, 0, 'a')"))
    engine.dispose()


def test_postgres_refuses_them_before_running(postgres_url):
    _setup(postgres_url)
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    for who in ("current_user", "user"):
        query = f"SELECT y, p, {who} AS race FROM r28"
        with pytest.raises(EthicLensInputError, match="a report must not carry"):
            sql_counts(postgres_url, roles, query=query)
    quoted = sql_counts(postgres_url, roles, query='SELECT y, p, "user" AS race FROM r28')
    assert sorted(quoted["race"].unique()) == ["a", "b"]


def test_postgres_timeout_names_the_seconds(postgres_url):
    _setup(postgres_url)
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    query = 'SELECT y, p, "user" AS race, pg_sleep(0.4) AS z FROM r28'
    with pytest.raises(EthicLensInputError) as exc:
        sql_counts(postgres_url, roles, query=query, timeout=0.5)
    assert "ran past its timeout" in exc.value.problem
    assert "each statement may run 0.5 s" in exc.value.fix and "timeout=" in exc.value.fix


def test_sqlite_timeout_names_the_seconds(tmp_path):
    import sqlite3

    path = tmp_path / "t.db"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (y int, p int, g text)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", [(i % 2, i % 2, "a") for i in range(300)])
    slow = "SELECT a.y, a.p, a.g FROM t a, t b, t c, t d"
    with pytest.raises(EthicLensInputError) as exc:
        sql_counts(f"sqlite:///{path}", Roles("p", ["g"], y_true="y"), query=slow, timeout=0.3)
    assert "ran past its timeout" in exc.value.problem and "0.3 s" in exc.value.fix
