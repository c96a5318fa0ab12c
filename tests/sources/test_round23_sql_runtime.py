"""On PostgreSQL, what a query's names resolve to is checked once connected (round 23, security).

A re-tester got past round 22's list of names on a real PostgreSQL 15 server: xml2's
``xpath_table`` runs its last argument as SQL (``dblink_exec`` inside it committed 400 rows, and
it read ``pg_authid``), pg_surgery's ``heap_force_kill`` destroyed rows in a read-only
transaction, pageinspect read ``pg_authid``'s pages, and a URL setting ``search_path`` to
``information_schema`` made ``user_mapping_options`` readable unqualified. Inside the read-only
transaction, before the query runs, every function it calls must now resolve to one built into
the server, and every relation it reads must not be a system catalog, whatever the search_path.
Each test runs against the throw-away server (skipped without its binaries) and skips an
extension it does not have.
"""

import re

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, _sql, sql_columns, sql_counts
from tests.conftest import execute_sql

from .conftest import PG_PASSWORD, make_frame

pytest.importorskip("sqlglot")
pytest.importorskip("sqlalchemy")

ROLES = Roles(y_pred="p", y_true="y", protected=["race"])
AUDITOR_PASSWORD = "aud-23-secret"
MAPPING_PASSWORD = "mapping-23-secret"


def _scalar(url, sql):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as con:
            return con.execute(sa.text(sql)).scalar()
    finally:
        engine.dispose()


# extensions that shadow or add names other tests on the shared server may use: dropped after
_DROPPED_AFTER = ("citext", "hstore")


def _extension(url, name):
    """Create extension ``name`` on the server, or skip the test where it is not available."""
    if not _scalar(url, f"SELECT count(*) FROM pg_available_extensions WHERE name = '{name}'"):
        pytest.skip(f"the PostgreSQL extension {name} is not installed here")
    execute_sql(url, f'CREATE EXTENSION IF NOT EXISTS "{name}"')


@pytest.fixture
def server(postgres_url):
    """The server with the tables ``scores23`` (predictions), ``marker23`` (empty: written only
    by an attack) and ``victim23`` (rows an attack would destroy), and a non-superuser
    ``auditor23`` that may read ``scores23``."""
    import sqlalchemy as sa

    engine = sa.create_engine(postgres_url)
    make_frame(23, n=400).to_sql("scores23", engine, if_exists="replace", index=False)
    engine.dispose()
    execute_sql(
        postgres_url,
        "DROP TABLE IF EXISTS marker23, victim23",
        "CREATE TABLE marker23 (v int)",
        "CREATE TABLE victim23 (v int)",
        "INSERT INTO victim23 SELECT generate_series(1, 10)",
        "DROP ROLE IF EXISTS auditor23",
        f"CREATE ROLE auditor23 LOGIN PASSWORD '{AUDITOR_PASSWORD}'",
        "GRANT SELECT ON scores23 TO auditor23",
    )
    yield postgres_url
    execute_sql(
        postgres_url,
        "DROP OWNED BY auditor23",
        "DROP ROLE IF EXISTS auditor23",
        *(f"DROP EXTENSION IF EXISTS {name} CASCADE" for name in _DROPPED_AFTER),
    )


def _as_auditor(url):
    return url.replace(f"ethiclens:{PG_PASSWORD}@", f"auditor23:{AUDITOR_PASSWORD}@")


def _dsn(url, user="ethiclens", password=PG_PASSWORD):
    from sqlalchemy.engine import make_url

    query = make_url(url).query
    return (
        f"host={query['host']} port={query['port']} dbname=postgres user={user} password={password}"
    )


def _state(url):
    url = url.replace(f"auditor23:{AUDITOR_PASSWORD}@", f"ethiclens:{PG_PASSWORD}@")
    return (
        _scalar(url, "SELECT count(*) FROM marker23"),
        _scalar(url, "SELECT count(*) FROM victim23"),
    )


def _refused(url, query, said, capsys, **kwargs):
    """``query`` is refused by audit and counts (exit 2, one line saying ``said``) and by
    ``sql_counts``, and writes nothing."""
    before = _state(url)
    with pytest.raises(EthicLensInputError, match=re.escape(said)) as info:
        sql_counts(url, ROLES, query=query, **kwargs)
    assert "--query" in str(info.value)
    argv = ["--db", url, "--query", query, "--y-true", "y", "--y-pred", "p", "--protected", "race"]
    assert main(["audit", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert _state(url) == before
    return str(info.value)


@pytest.fixture
def no_name_list(monkeypatch):
    """Round 22's list of names switched off: what the runtime layer alone refuses."""
    monkeypatch.setattr(_sql, "_function_refusal", lambda name: None)


def _xpath_attack(url):
    criteria = f"dblink_exec(''{_dsn(url)}'',''insert into marker23 values (42)'') IS NOT NULL"
    return (
        "SELECT s.y, s.p, s.race FROM scores23 s JOIN xpath_table('y', '''<a/>''', 'scores23', "
        f"'/a', '{criteria}') AS t(k int, a text) ON t.k = s.y"
    )


@pytest.mark.parametrize("names", ["listed", "unlisted"])
def test_xpath_table_running_dblink_writes_nothing(server, capsys, request, names):
    """The tester's CRITICAL: 400 committed rows through xpath_table's SQL criteria. Refused by
    name (xpath_table is on the list now) and, with the list switched off, by what it resolves
    to (xml2's function, in public), as a superuser and as a non-superuser."""
    _extension(server, "xml2")
    _extension(server, "dblink")
    if names == "unlisted":
        request.getfixturevalue("no_name_list")
    said = "calls xpath_table()"
    for url in (server, _as_auditor(server)):
        text = _refused(url, _xpath_attack(server), said, capsys)
        assert PG_PASSWORD not in text and AUDITOR_PASSWORD not in text
        if names == "unlisted":
            assert "schema public" in text and "--table" in text
    for url in (server, _as_auditor(server)):
        query = "SELECT y, p, race FROM scores23 WHERE public.xpath_table('rolpassword', " + (
            "'''<a/>''', 'pg_authid', '/a', 'true') IS NOT NULL"
        )
        _refused(url, query, "xpath_table()", capsys)
    assert _state(server) == (0, 10)


def test_every_extension_function_is_refused_when_no_name_lists_it(server, capsys, no_name_list):
    """dblink_exec, heap_force_kill, get_raw_page, heap_page_items, pgstattuple, pgrowlocks and
    a user's own function: none is built into the server, so none runs, whatever its name."""
    execute_sql(
        server,
        "CREATE OR REPLACE FUNCTION public.touch23(v int) RETURNS int LANGUAGE sql AS 'SELECT v'",
    )
    calls = [
        (
            "dblink",
            "dblink_exec",
            f"dblink_exec('{_dsn(server)}', 'insert into marker23 values (1)')",
        ),
        (
            "pg_surgery",
            "heap_force_kill",
            "heap_force_kill('victim23'::regclass, ARRAY['(0,1)']::tid[])",
        ),
        (
            "pageinspect",
            "heap_page_items",
            "(SELECT count(*) FROM heap_page_items(get_raw_page('pg_authid', 0)))",
        ),
        ("pgstattuple", "pgstattuple", "(SELECT tuple_count FROM pgstattuple('victim23'))"),
        ("pgrowlocks", "pgrowlocks", "(SELECT count(*) FROM pgrowlocks('victim23'))"),
        (None, "touch23", "touch23(1)"),
    ]
    for extension, name, call in calls:
        if extension is not None:
            _extension(server, extension)
        query = f"SELECT y, p, race, {call} AS x FROM scores23"
        text = _refused(server, query, f"calls {name}()", capsys)
        assert "not built into PostgreSQL" in text
    # attribute notation and a schema-qualified call resolve the same way
    _refused(server, "SELECT y, p, race, (y).touch23 AS x FROM scores23", "x.touch23", capsys)
    _refused(server, "SELECT y, p, race, public.touch23(y) FROM scores23", "touch23()", capsys)
    assert _state(server) == (0, 10)


def test_pg_surgery_and_pageinspect_by_name(server, capsys):
    """With the list on, the tester's HIGH findings are refused before connecting too."""
    _extension(server, "pg_surgery")
    query = "SELECT y, p, race FROM scores23 WHERE heap_force_kill('victim23'::regclass, " + (
        "ARRAY['(0,1)']::tid[]) IS NOT NULL"
    )
    _refused(server, query, "heap_force_kill()", capsys)
    _refused(
        server,
        "SELECT y, p, race, get_raw_page('pg_authid', 0) AS r FROM scores23",
        "get_raw_page()",
        capsys,
    )
    assert _state(server) == (0, 10)


def test_a_cast_to_an_extension_type_is_refused(server, capsys):
    _extension(server, "hstore")
    text = _refused(
        server, "SELECT y, p, race, 'a=>1'::hstore AS h FROM scores23", "cast to hstore", capsys
    )
    assert "schema public" in text


def test_a_name_an_extension_shares_with_a_built_in_runs_the_built_in(server, capsys):
    """citext adds replace(citext, citext, citext) and min/max(citext) to public: the query
    and EthicLens's own SQL (the monitor's min) run under search_path pg_catalog, pg_temp, so
    an unqualified replace() or min() can only be the built-in one, and is not refused (round
    24 refused it: the monitor then failed on any database with citext installed); the
    extension's function written with its schema is refused."""
    _extension(server, "citext")
    expected = sql_counts(server, ROLES, table="scores23")
    query = "SELECT y, p, replace(race, 'x', 'y') AS race FROM scores23"
    assert sql_counts(server, ROLES, query=query).equals(expected)
    query = "SELECT y, p, pg_catalog.replace(race, 'x', 'y') AS race FROM scores23"
    assert sql_counts(server, ROLES, query=query).equals(expected)
    query = "SELECT y, p, public.replace(race::public.citext, 'x', 'y') AS race FROM scores23"
    assert "schema public" in _refused(server, query, "public", capsys)


def test_the_monitor_reads_a_database_with_citext_installed(server, tmp_path, capsys):
    """The monitor's own SQL takes min() of the time column: with citext installed (its
    public.min(citext)) it was refused as 'the query calls min(), which resolves to the schema
    public' (found by CI: an earlier test left citext installed)."""
    _extension(server, "citext")
    rows = ", ".join(
        f"(TIMESTAMP '2024-01-0{1 + i % 3} 10:00', {i % 2}, {(i // 2) % 2}, '{'AB'[i % 2]}')"
        for i in range(60)
    )
    execute_sql(
        server,
        "DROP TABLE IF EXISTS mon25",
        "CREATE TABLE mon25 (ts timestamp, y int, p int, race text)",
        f"INSERT INTO mon25 VALUES {rows}",
    )
    argv = ["monitor", "--db", server, "--table", "mon25", "--time", "ts", "--window", "1d"]
    argv += ["--y-pred", "p", "--y-true", "y", "--protected", "race=A"]
    assert main([*argv, "--store", str(tmp_path / "s.sqlite")]) == 0, capsys.readouterr().err


def test_a_cast_to_a_checked_domain_is_refused(server, capsys):
    """A domain's CHECK may call any function."""
    execute_sql(
        server,
        "DROP DOMAIN IF EXISTS checked23, plain23",
        "CREATE DOMAIN checked23 AS int CHECK (VALUE >= 0)",
        "CREATE DOMAIN plain23 AS int",
    )
    _refused(server, "SELECT y::checked23 AS y, p, race FROM scores23", "cast to checked23", capsys)
    # round 24: every type not built in is refused, a plain domain too (one over a checked
    # domain runs its CHECK)
    _refused(server, "SELECT y::plain23 AS y, p, race FROM scores23", "cast to plain23", capsys)


def test_a_with_query_does_not_hide_the_catalog_outside_its_scope(server, capsys):
    """A WITH query named like a catalog view shadows it only inside its own parentheses."""
    url = f"{server}&options=-csearch_path%3Dinformation_schema,public"
    query = (
        "SELECT s.y, s.p, s.race FROM (WITH user_mapping_options AS (SELECT 1 AS x) "
        "SELECT x FROM user_mapping_options) AS a, scores23 AS s, user_mapping_options AS u"
    )
    _refused(url, query, "system catalogs", capsys)


def test_information_schema_through_the_search_path_is_refused(server, capsys, tmp_path):
    """The tester's URL put information_schema first on the search_path: an unqualified
    user_mapping_options showed a user mapping's password, by --query, --table and the web's
    picker (sql_columns)."""
    _extension(server, "postgres_fdw")
    execute_sql(
        server,
        "DROP SERVER IF EXISTS far23 CASCADE",
        "CREATE SERVER far23 FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'nowhere')",
        "CREATE USER MAPPING FOR ethiclens SERVER far23 "
        f"OPTIONS (user 'far', password '{MAPPING_PASSWORD}')",
    )
    url = f"{server}&options=-csearch_path%3Dinformation_schema,public"
    query = (
        "SELECT s.y, s.p, s.race, u.option_value FROM scores23 s CROSS JOIN user_mapping_options u"
    )
    text = _refused(url, query, "system catalogs", capsys)
    assert "information_schema" in text and MAPPING_PASSWORD not in text
    for read in (sql_columns, lambda url, **kw: sql_counts(url, ROLES, **kw)):
        with pytest.raises(EthicLensInputError, match="system catalogs") as info:
            read(url, table="user_mapping_options")
        assert "--table" in str(info.value) and MAPPING_PASSWORD not in str(info.value)
    for command in ("audit", "counts"):
        argv = [command, "--db", url, "--table", "user_mapping_options", "--y-pred", "p"]
        out = ["--out", str(tmp_path / "c.parquet")] if command == "counts" else []
        assert main([*argv, "--protected", "race", *out]) == 2
        err = capsys.readouterr().err
        assert "system catalogs" in err and MAPPING_PASSWORD not in err, err
    # the same tables and functions pass where the search_path is the default
    assert sql_counts(url, ROLES, table="scores23").equals(
        sql_counts(server, ROLES, table="scores23")
    )
    execute_sql(server, "DROP SERVER far23 CASCADE")


def test_a_legitimate_query_still_runs(server):
    """CTEs, CASE, COALESCE, dates, window functions, casts, aggregates and a pg_catalog-
    qualified built-in are all built in: the query counts what the table counts."""
    query = """
        WITH ranked AS (
            SELECT *, row_number() OVER (PARTITION BY race ORDER BY s, w) AS rn,
                   avg(s) OVER (PARTITION BY race) AS mean_s
            FROM public.scores23
        )
        SELECT CASE WHEN y = 1 THEN 1 ELSE 0 END AS y, COALESCE(p, 0) AS p,
               upper(lower(race)) AS race, date_trunc('day', now()) AS day,
               EXTRACT(year FROM DATE '2024-05-01') AS yr, CAST(s AS numeric(10, 4)) AS s,
               pg_catalog.length(race) AS n, greatest(rn, 0) AS rn, nullif(mean_s, -1) AS m,
               pg_typeof(y)::text AS t, CAST(y AS DOUBLE PRECISION) AS d, y::bigint AS b,
               race::varchar(20) AS v, '2024-01-01'::timestamptz - INTERVAL '1 day' AS tz,
               ARRAY[y]::int[] AS a, '{}'::jsonb AS j, (y = 1)::boolean::int AS yb,
               '12:00'::time AS tm, 'x'::bytea AS by, 'a'::char(3) AS ch,
               to_char(now(), 'YYYY') AS ys, lag(s) OVER (ORDER BY s, w, race) AS prev
        FROM ranked AS r
        WHERE r.rn > 0 AND race IN (SELECT DISTINCT race FROM scores23)
    """
    assert sql_counts(server, ROLES, query=query).equals(
        sql_counts(server, ROLES, table="scores23")
    )
    assert sql_counts(_as_auditor(server), ROLES, query=query).equals(
        sql_counts(server, ROLES, table="scores23")
    )


def test_every_face_runs_the_runtime_check(server, capsys, tmp_path, monkeypatch, no_name_list):
    """audit, counts, compare, thresholds, monitor, a config file and the web's picker
    (sql_columns) all reach the database through sql_counts/sql_columns: with round 22's names
    switched off, xpath_table running dblink_exec is refused on each, and nothing is written."""
    _extension(server, "xml2")
    _extension(server, "dblink")
    # the config file is checked for the server's password: dblink logs in as auditor23 here
    execute_sql(server, "GRANT INSERT ON marker23 TO auditor23")
    dsn = _dsn(server, "auditor23", AUDITOR_PASSWORD)
    criteria = f"dblink_exec(''{dsn}'',''insert into marker23 values (42)'') IS NOT NULL"
    query = (
        "SELECT s.y, s.p, s.p AS q, s.s, s.race, now() AS ts FROM scores23 s JOIN xpath_table("
        f"'y', '''<a/>''', 'scores23', '/a', '{criteria}') AS t(k int, a text) ON t.k = s.y"
    )
    source = ["--db", server, "--query", query, "--y-true", "y", "--protected", "race"]
    faces = {
        "audit": ["audit", *source, "--y-pred", "p"],
        "counts": ["counts", *source, "--y-pred", "p", "--out", str(tmp_path / "c.parquet")],
        "compare": ["compare", *source, "--y-pred", "p", "--y-pred", "q"],
        "thresholds": ["thresholds", *source, "--y-score", "s"],
        "monitor": ["monitor", *source, "--y-pred", "p", "--time", "ts", "--window", "1d"]
        + ["--store", str(tmp_path / "m.sqlite")],
    }
    monkeypatch.setenv("WAREHOUSE23", server)
    config = tmp_path / "audit.yaml"
    config.write_text(
        "target:\n  db_env: WAREHOUSE23\n  query: |\n    "
        + query.replace("\n", " ")
        + "\nroles:\n  y_pred: p\n  y_true: y\n  protected: [race]\n"
    )
    faces["config"] = ["audit", "--config", str(config)]
    for face, argv in faces.items():
        assert main(argv) == 2, face
        err = capsys.readouterr().err
        assert "calls xpath_table()" in err and PG_PASSWORD not in err, (face, err)
    with pytest.raises(EthicLensInputError, match=re.escape("calls xpath_table()")):
        sql_columns(server, query=query, flag="--db-env WAREHOUSE23")
    assert _state(server) == (0, 10)


# -- Round 24: user-defined operators and types (ADR 0011, layer 7) ----------------------------
#
# A re-tester ran a user's plpgsql function calling dblink_exec (which commits over its own
# connection) through operators and types: a URL search_path putting a schema's = before
# pg_catalog's (EthicLens's own counting SQL called it, with --table), OPERATOR(public.===), a
# cast WITH FUNCTION from a user's composite, a domain over a checked domain, a composite with
# such a field, and an exact-typed public.= (int, numeric) beating the built-in one under the
# default search_path (CVE-2018-1058). Queries and EthicLens's SQL now run under the
# search_path pg_catalog, pg_temp, their relations schema-qualified first; OPERATOR(schema.op)
# outside pg_catalog and every type not built in are refused.

EVIL_PATH = "&options=-csearch_path%3Devil24%2Cpg_catalog%2Cpublic"


@pytest.fixture
def evil(server):
    """A schema ``evil24`` whose = (int, int) and a public.= (int, numeric), a public.===, a
    composite with a cast WITH FUNCTION to int, domains over a checked domain and a composite
    with a checked field all run ``pwn24()``: dblink_exec writing a row into marker23, committed
    outside EthicLens's transaction. ``scores24``: scores23 with int columns."""
    _extension(server, "dblink")
    insert = f"PERFORM public.dblink_exec('{_dsn(server)}', 'insert into marker23 values (24)');"
    body = f"BEGIN {insert.replace(chr(39), chr(39) * 2)} RETURN true; END"
    execute_sql(
        server,
        "DROP SCHEMA IF EXISTS evil24 CASCADE",
        "CREATE SCHEMA evil24",
        "DROP TABLE IF EXISTS scores24",
        "CREATE TABLE scores24 AS SELECT y::int AS y, p::int AS p, race FROM scores23",
        f"CREATE FUNCTION public.pwn24() RETURNS boolean LANGUAGE plpgsql AS '{body}'",
        "CREATE FUNCTION evil24.inteq(int, int) RETURNS boolean LANGUAGE sql "
        "AS 'SELECT public.pwn24() AND $1 OPERATOR(pg_catalog.=) $2'",
        "CREATE OPERATOR evil24.= (LEFTARG = int, RIGHTARG = int, FUNCTION = evil24.inteq)",
        "CREATE FUNCTION public.inteqnum24(int, numeric) RETURNS boolean LANGUAGE sql "
        "AS 'SELECT public.pwn24() AND $1::numeric OPERATOR(pg_catalog.=) $2'",
        "CREATE OPERATOR public.= (LEFTARG = int, RIGHTARG = numeric, "
        "FUNCTION = public.inteqnum24)",
        "CREATE OPERATOR public.=== (LEFTARG = int, RIGHTARG = int, FUNCTION = evil24.inteq)",
        "CREATE TYPE evil24.comp AS (v int)",
        "CREATE FUNCTION evil24.comp2int(evil24.comp) RETURNS int LANGUAGE sql "
        "AS 'SELECT CASE WHEN public.pwn24() THEN ($1).v END'",
        "CREATE CAST (evil24.comp AS int) WITH FUNCTION evil24.comp2int(evil24.comp) AS IMPLICIT",
        "CREATE DOMAIN evil24.dchk AS int CHECK (public.pwn24())",
        "CREATE DOMAIN evil24.d2 AS evil24.dchk",
        "CREATE TYPE evil24.comp2 AS (v evil24.dchk)",
    )
    yield server
    execute_sql(
        server,
        "DROP SCHEMA evil24 CASCADE",
        "DROP OPERATOR IF EXISTS public.= (int, numeric)",
        "DROP OPERATOR IF EXISTS public.=== (int, int)",
        "DROP FUNCTION IF EXISTS public.inteqnum24(int, numeric)",
        "DROP FUNCTION IF EXISTS public.pwn24()",
        "DROP TABLE IF EXISTS scores24",
    )


def test_a_search_path_operator_is_not_run_by_ethiclens_own_sql(evil, capsys, tmp_path):
    """evil24.= first on the URL's search_path: --table scores24 (EthicLens's own =, IN,
    NULLIF) and a query's = run pg_catalog's, and write nothing."""
    url = evil + EVIL_PATH
    expected = sql_counts(evil, ROLES, table="scores24")
    assert _state(evil) == (0, 10)
    assert sql_counts(url, ROLES, table="scores24").equals(expected)
    query = "SELECT y, p, race FROM scores24 WHERE y = 1 OR y IN (0, 2) OR NULLIF(p, 1) = 0"
    assert sql_counts(url, ROLES, query=query).equals(
        sql_counts(evil, ROLES, query=query.replace("scores24", "public.scores24"))
    )
    out = str(tmp_path / "c.parquet")
    argv = ["--db", url, "--table", "scores24", "--y-pred", "p", "--protected", "race"]
    assert main(["counts", *argv, "--out", out]) == 0
    capsys.readouterr()
    assert _state(evil) == (0, 10)


def test_an_exact_typed_public_operator_does_not_beat_the_built_in(evil):
    """public.= (int, numeric) needs no cast for y = 1.0, so PostgreSQL prefers it to the
    built-in under the default search_path (CVE-2018-1058); under pg_catalog, pg_temp the
    built-in runs."""
    query = "SELECT y, p, race FROM scores24 WHERE (y = 1.0) IS NOT NULL"
    assert sql_counts(evil, ROLES, query=query).equals(sql_counts(evil, ROLES, table="scores24"))
    assert _state(evil) == (0, 10)


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("SELECT y, p, race FROM scores24 WHERE y OPERATOR(public.===) 1", "OPERATOR(public."),
        ("SELECT (ROW(y)::evil24.comp)::int AS y, p, race FROM scores24", "cast to comp"),
        ("SELECT CAST(y AS evil24.d2) AS y, p, race FROM scores24", "cast to d2"),
        ("SELECT y, p, race FROM scores24 WHERE '(1)'::evil24.comp2 IS NOT NULL", "cast to comp2"),
        (
            "SELECT y, p, race FROM scores24 WHERE ARRAY[y]::evil24.dchk[] IS NOT NULL",
            "cast to dchk",
        ),
    ],
)
def test_a_user_operator_or_type_is_refused(evil, capsys, query, said):
    """A user's operator named with OPERATOR(schema.op) and every type not built in (a composite
    with a cast WITH FUNCTION, a domain over a checked domain, a composite with a checked field,
    an array of a domain) are refused in one line, and nothing is written."""
    _refused(evil, query, said, capsys)
    assert _state(evil) == (0, 10)


def test_a_relation_found_by_the_url_search_path_is_still_read(server, tmp_path):
    """Relations are resolved under the user's search_path and read schema-qualified: a table
    of another schema, named unqualified, is read by --table and --query."""
    execute_sql(
        server,
        "DROP SCHEMA IF EXISTS other24 CASCADE",
        "CREATE SCHEMA other24",
        "CREATE TABLE other24.t24 AS SELECT * FROM scores23",
    )
    url = f"{server}&options=-csearch_path%3Dother24%2Cpublic"
    expected = sql_counts(server, ROLES, table="scores23")
    try:
        assert sql_counts(url, ROLES, table="t24").equals(expected)
        query = "WITH t AS (SELECT * FROM t24) SELECT t.y, t.p, t.race FROM t JOIN t24 USING (w)"
        assert sql_columns(url, query="SELECT y, p, race FROM t24") == ["y", "p", "race"]
        assert len(sql_counts(url, ROLES, query=query)) > 0
    finally:
        execute_sql(server, "DROP SCHEMA other24 CASCADE")


def test_analytics_queries_run_under_pg_catalog(evil):
    """The analytics a --query needs are built in, and run with pg_catalog's operators even
    where the URL's search_path puts evil24's = first."""
    query = """
        WITH base AS (
            SELECT y, p, race, s, w, NULLIF(race, '') AS r,
                   string_agg(race, ',') OVER (PARTITION BY y) AS races,
                   rank() OVER (PARTITION BY race ORDER BY s) AS rk
            FROM scores24 JOIN scores23 USING (y, p, race)
        )
        SELECT CASE WHEN y = 1 THEN 1 ELSE 0 END AS y, COALESCE(p, 0)::int AS p,
               COALESCE(r, 'none')::text AS race, s::numeric AS sn, s::float4 AS sf,
               y::int::bool AS yb, '2024-01-02'::date AS d, '2024-01-02 10:00'::timestamp AS ts,
               date_trunc('month', '2024-01-02'::timestamp) + INTERVAL '1 month' AS m,
               EXTRACT(dow FROM now() - INTERVAL '2 days') AS dow, races, rk
        FROM base
        WHERE race IN ('a', 'b', 'c', 'd') OR race NOT IN ('zz') OR y = 1
    """
    expected = sql_counts(evil, ROLES, query=query)
    assert len(expected) > 0
    assert sql_counts(evil + EVIL_PATH, ROLES, query=query).equals(expected)
    assert _state(evil) == (0, 10)


def test_a_cast_between_built_in_types_with_a_user_function_is_refused(evil, capsys):
    """A superuser's CREATE CAST (bytea AS int) WITH FUNCTION public.f(bytea) makes a cast to
    the built-in int run a user's function: a cast to int is refused while it exists."""
    execute_sql(
        evil,
        "CREATE FUNCTION public.bytea2int24(bytea) RETURNS int LANGUAGE sql "
        "AS 'SELECT CASE WHEN public.pwn24() THEN 1 END'",
        "CREATE CAST (bytea AS int) WITH FUNCTION public.bytea2int24(bytea)",
    )
    try:
        query = "SELECT y, p, race FROM scores24 WHERE CAST('x'::bytea AS int) = 1"
        _refused(evil, query, "cast to int4", capsys)
        assert _state(evil) == (0, 10)
    finally:
        execute_sql(evil, "DROP CAST (bytea AS int)", "DROP FUNCTION public.bytea2int24(bytea)")
