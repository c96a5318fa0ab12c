"""A ``--query`` reaches nothing past its read-only SELECT (round 22, security).

A security tester on PostgreSQL 15 wrote through ``query_to_xml('select dblink_exec(...)')``:
SQL handed to a function as text escaped the name check, and dblink's own connection committed
outside the read-only transaction; ``pg_terminate_backend`` ended other sessions; the web's
picker read ``pg_catalog.pg_authid`` (role password hashes). Refused now, by family and in
every spelling (any case, quoted, schema-qualified), on every face (audit, counts, monitor, a
config file, the web's ``sql_columns``); the checks are made on the SQL text, before any
connection, so most tests need no server; the last ones run on a throw-away PostgreSQL.
"""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_columns, sql_counts
from ethiclens.sources._sql import read_only_query

from .conftest import PG_PASSWORD, make_frame

pytest.importorskip("sqlglot")
pytest.importorskip("sqlalchemy")

# SQL in a string, run by the function it is handed to, or a connection of the function's own
SQL_AS_TEXT = [
    "SELECT query_to_xml('select dblink_exec(''host=h'', ''insert into log values (43)'')', "
    "true, false, '')",
    "SELECT y, p, race FROM preds WHERE query_to_xml('select 1', true, false, '') IS NOT NULL",
    "SELECT pg_catalog.query_to_xml('select 1', true, false, '') AS x, y, p, race FROM preds",
    "SELECT \"QUERY_TO_XML\"('select 1', true, false, '')",
    "SELECT \"pg_catalog\".\"query_to_xml\"('select 1', true, false, '')",
    "SELECT Query_To_Xml_And_XmlSchema('select 1', true, false, '')",
    "SELECT query_to_xmlschema('select 1', true, false, '')",
    "SELECT cursor_to_xml('c', 1, true, false, '')",
    "SELECT table_to_xml('preds', true, false, '')",
    "SELECT schema_to_xml('public', true, false, '')",
    "SELECT database_to_xml(true, false, '')",
    "SELECT public.dblink_exec('host=h', 'drop table preds')",
    "SELECT * FROM dblink('host=h', 'select 1') AS t(a int)",
    "SELECT * FROM ROWS FROM (dblink('host=h', 'select 1')) AS t(a int)",
    "SELECT dblink_connect_u('x')",
    "SELECT postgres_fdw_disconnect_all()",
    "SELECT ts_stat('select v from docs')",
    "SELECT * FROM crosstab('select 1, 2, 3') AS t(a int, b int)",
    "SELECT * FROM connectby('t', 'id', 'parent', '1', 0) AS t(id int, parent int, level int)",
    # well-known extensions: SQL run later, requests from the server, S3 export
    "SELECT cron.schedule('* * * * *', 'delete from preds')",
    "SELECT CRON.anything_new(1)",
    "SELECT net.http_post('https://example.org')",
    "SELECT http_get('https://example.org')",
    "SELECT aws_s3.query_export_to_s3('select * from preds', x)",
    # xml2 (round 23): xpath_table's last argument is a WHERE clause run as SQL
    "SELECT * FROM preds JOIN xpath_table('y', 'd', 'preds', '/a', 'true') AS t(k int) ON true",
    "SELECT public.XPATH_TABLE('rolpassword', 'd', 'pg_authid', '/a', 'true')",
    "SELECT xslt_process('<a/>', '<xsl/>')",
]

# PostgreSQL's server functions: side effects the read-only transaction does not stop
SERVER_FUNCTIONS = [
    "SELECT y, p, race FROM preds WHERE (SELECT count(pg_terminate_backend(pid)) FROM a) >= 0",
    "SELECT pg_reload_conf(), y, p, race FROM preds",
    "SELECT pg_stat_reset()",
    "SELECT pg_advisory_lock(1)",
    "SELECT PG_NOTIFY('channel', 'x')",
    "SELECT pg_catalog.pg_cancel_backend(1)",
    'SELECT "pg_rotate_logfile"()',
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT pg_ls_dir('.')",
    "SELECT pg_switch_wal()",
    "SELECT pg_logical_emit_message(true, 'p', 'x')",
    "SELECT set_config('search_path', 'x', false)",
    "SELECT lo_unlink(1)",
    "SELECT lo_import('/etc/passwd')",
    "SELECT brin_summarize_new_values('i')",
    "SELECT gin_clean_pending_list('i')",
    # contrib (round 23): pg_surgery destroys rows, pageinspect/pgstattuple read any relation
    "SELECT heap_force_kill('victim'::regclass, ARRAY['(0,1)']::tid[])",
    "SELECT heap_force_freeze('victim'::regclass, ARRAY['(0,1)']::tid[])",
    "SELECT * FROM heap_page_items(get_raw_page('pg_authid', 0))",
    "SELECT * FROM pgstattuple('preds')",
    "SELECT * FROM pgrowlocks('preds')",
    # PostgreSQL's attribute notation: x.f and (x).f call f(x)
    "SELECT (g).pg_terminate_backend FROM generate_series(1, 100000) AS g",
    "SELECT g.pg_cancel_backend FROM generate_series(1, 3) AS g",
    'SELECT "G"."PG_ADVISORY_LOCK" FROM generate_series(1, 3) AS "G"',
    "SELECT ('host=h'::text).dblink_connect, ('drop table preds'::text).dblink_exec",
    "SELECT ('select v from docs').ts_stat",
    "SELECT ('/etc/passwd'::text).pg_read_file",
]

# The system catalogs: role password hashes, user mappings' passwords, other sessions' SQL
CATALOGS = [
    "SELECT * FROM pg_authid",
    "SELECT rolname, rolpassword FROM pg_catalog.pg_authid",
    'SELECT * FROM "pg_catalog"."pg_shadow"',
    "SELECT * FROM PG_USER_MAPPINGS",
    "SELECT * FROM PG_CATALOG.pg_user_mapping",
    "SELECT * FROM information_schema.user_mapping_options",
    "SELECT y, p, race FROM preds WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_user_mappings)",
    "SELECT * FROM preds JOIN pg_stat_activity ON true",
    "WITH r AS (SELECT * FROM pg_roles) SELECT * FROM r",
    "TABLE pg_authid",
]


@pytest.mark.parametrize("query", SQL_AS_TEXT)
def test_functions_running_sql_text_or_opening_connections_are_refused(query):
    for dialect in ("postgres", "sqlite"):
        with pytest.raises(EthicLensInputError, match="run SQL given as text") as info:
            read_only_query(query, dialect)
        assert "--query" in str(info.value) and "Fix: use a plain SELECT" in str(info.value)


@pytest.mark.parametrize("query", SERVER_FUNCTIONS)
def test_server_and_side_effect_functions_are_refused(query):
    with pytest.raises(EthicLensInputError, match=r"the query calls \S+\(\)") as info:
        read_only_query(query, "postgres")
    assert "--query" in str(info.value)


@pytest.mark.parametrize("query", CATALOGS)
def test_postgres_system_catalogs_are_refused(query):
    with pytest.raises(EthicLensInputError, match="one of PostgreSQL's system catalogs"):
        read_only_query(query, "postgres")


@pytest.mark.parametrize(
    "query",
    [
        "SELECT pg_typeof(y)::text AS t, y, p, race FROM preds",
        "SELECT pg_column_size(race) AS n, pg_size_pretty(10::bigint) AS s, y, p, race FROM preds",
        "SELECT *, pg_sleep(0) AS z FROM preds",
        "SELECT y, p, race FROM public.pg_preds",  # a table of one's own, named with its schema
        "SELECT lower(race) AS race, coalesce(y, 0) AS y, p FROM preds AS t(y, p, race)",
        "SELECT * FROM preds WHERE race IN ('xml', 'query_to_xml(1)', 'pg_authid')",
        "SELECT *, nextval('s') AS n FROM preds",  # the read-only transaction refuses it
        "SELECT y, p, lo_race AS race FROM preds",  # a column named like a function, unqualified
        "SELECT t.y, t.p, t.race, (t).* FROM preds AS t",
        "SELECT t.http_status AS race, y, p, public.lower(x) FROM preds AS t",
    ],
)
def test_harmless_functions_and_own_tables_pass(query):
    assert read_only_query(query, "postgres")


def test_sqlite_tables_named_pg_are_its_own():
    """pg_* names are PostgreSQL's catalogs only on PostgreSQL."""
    assert read_only_query("SELECT * FROM pg_authid", "sqlite")


def _argv(command, url, *source):
    roles = ["--y-pred", "p", "--y-true", "y", "--protected", "race"]
    if command == "monitor":
        return [command, "--db", url, *source, *roles, "--time", "ts", "--window", "1d"]
    return [command, "--db", url, *source, *roles]


# no server listens there: every refusal below is made before connecting
URL = "postgresql+psycopg://auditor@127.0.0.1:1/warehouse"


@pytest.mark.parametrize("command", ["audit", "counts", "monitor"])
@pytest.mark.parametrize(
    ("source", "said"),
    [
        (["--table", "pg_catalog.pg_authid"], "system catalogs"),
        (["--table", "pg_shadow"], "system catalogs"),
        (["--table", "INFORMATION_SCHEMA.user_mapping_options"], "system catalogs"),
        (["--query", SQL_AS_TEXT[1]], "calls query_to_xml()"),
        (["--query", SERVER_FUNCTIONS[0]], "calls pg_terminate_backend()"),
        (["--query", CATALOGS[1]], "system catalogs"),
    ],
)
def test_every_command_refuses_them_before_connecting(command, source, said, capsys, tmp_path):
    out = ["--out", str(tmp_path / "c.parquet")] if command == "counts" else []
    store = ["--store", str(tmp_path / "s.sqlite")] if command == "monitor" else []
    assert main([*_argv(command, URL, *source), *out, *store]) == 2
    err = capsys.readouterr().err
    assert said in err and "cannot connect" not in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err


def test_a_config_file_and_the_web_picker_refuse_catalog_tables(tmp_path, capsys, monkeypatch):
    """The web's database picker reads a table's columns with ``sql_columns``; a config file's
    ``target.table`` is the CLI's ``--table``."""
    with pytest.raises(EthicLensInputError, match="system catalogs"):
        sql_columns(URL, table="pg_catalog.pg_authid", flag="--db-env WAREHOUSE")
    with pytest.raises(EthicLensInputError, match="system catalogs"):
        sql_counts(URL, Roles(y_pred="p", protected=["race"]), table="pg_catalog.pg_authid")
    monkeypatch.setenv("WAREHOUSE", URL)
    config = tmp_path / "audit.yaml"
    config.write_text(
        "target:\n  db_env: WAREHOUSE\n  table: pg_catalog.pg_authid\n"
        "roles:\n  y_pred: p\n  protected: [race]\n"
    )
    assert main(["audit", "--config", str(config)]) == 2
    assert "system catalogs" in capsys.readouterr().err


# -- PostgreSQL (a throw-away server; skipped without its binaries) ----------------------


def _pg_state(url):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.connect() as con:
        state = con.execute(sa.text("SELECT count(*), coalesce(sum(v), 0) FROM log")).one()
        tables = con.execute(sa.text("SELECT count(*) FROM pg_tables WHERE tablename = 'preds'"))
        state = (*state, tables.scalar())
    engine.dispose()
    return state


@pytest.mark.parametrize("command", ["audit", "counts"])
def test_postgres_dblink_through_query_to_xml_writes_nothing(
    postgres_url, tmp_path, capsys, command
):
    """The tester's attack on a real server with dblink installed: refused, nothing written,
    the password never printed."""
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url

    parsed = make_url(postgres_url)
    engine = sa.create_engine(postgres_url)
    make_frame(3, n=200).to_sql("preds", engine, if_exists="replace", index=False)
    with engine.begin() as con:
        con.execute(sa.text("CREATE EXTENSION IF NOT EXISTS dblink"))
        con.execute(sa.text("DROP TABLE IF EXISTS log; CREATE TABLE log (v int)"))
    engine.dispose()
    dsn = (
        f"host={parsed.query['host']} port={parsed.query['port']} dbname=postgres "
        f"user=ethiclens password={PG_PASSWORD}"
    )
    insert = f"select dblink_exec(''{dsn}'', ''insert into log values (43)'')"
    drop = f"select dblink_exec(''{dsn}'', ''drop table preds'')"
    before = _pg_state(postgres_url)
    out = ["--out", str(tmp_path / "c.parquet")] if command == "counts" else []
    for hidden in (insert, drop):
        for query in (
            f"SELECT * FROM preds WHERE query_to_xml('{hidden}', true, false, '') IS NOT NULL",
            f"SELECT * FROM preds WHERE PG_CATALOG.QUERY_TO_XML('{hidden}', true, false, '') "
            "IS NOT NULL",
            f"SELECT * FROM preds WHERE dblink_exec('{dsn}', 'drop table preds') IS NOT NULL",
            f"SELECT *, ('{dsn}'::text).dblink_connect AS c FROM preds",
            "SELECT *, (pg_backend_pid()).pg_cancel_backend AS c FROM preds",
        ):
            rc = main([*_argv(command, postgres_url, "--query", query), *out])
            err = capsys.readouterr().err
            assert rc == 2 and "calls" in err and PG_PASSWORD not in err, err
            assert _pg_state(postgres_url) == before
    assert main([*_argv(command, postgres_url, "--table", "pg_catalog.pg_authid"), *out]) == 2
    assert "system catalogs" in capsys.readouterr().err


def test_postgres_harmless_pg_functions_still_count(postgres_url):
    import sqlalchemy as sa

    engine = sa.create_engine(postgres_url)
    make_frame(4, n=200).to_sql("preds", engine, if_exists="replace", index=False)
    engine.dispose()
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    by_table = sql_counts(postgres_url, roles, table="preds")
    query = "SELECT *, pg_typeof(y)::text AS t, pg_column_size(race) AS n FROM preds"
    assert sql_counts(postgres_url, roles, query=query).equals(by_table)
