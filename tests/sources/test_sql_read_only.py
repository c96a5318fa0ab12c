"""A database is read, never written; no credential is ever printed or written (issue 23).

Every hostile query runs through the CLI (`audit` and `counts`) against real SQLite and
PostgreSQL databases; each test compares the row count and a checksum of every table (and
sequence) before and after, and greps every output for the password.
"""

import hashlib
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from ethiclens._secrets import mask_secrets, mask_url, scrub
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_counts
from ethiclens.sources._sql import read_only_query
from tests.sources.conftest import PG_PASSWORD, make_frame

ROLE_ARGS = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "200"]

# The attack and its relatives: each must be refused before anything runs.
HOSTILE = [
    "SELECT * FROM preds) AS x; DELETE FROM keepme; COMMIT; SELECT * FROM (SELECT * FROM preds",
    "SELECT * FROM preds) AS x; CREATE TABLE pwned (a int); COMMIT; SELECT * FROM (SELECT 1",
    "DELETE FROM keepme",
    "UPDATE keepme SET v = 0",
    "INSERT INTO keepme VALUES (1)",
    "DROP TABLE keepme",
    "CREATE TABLE pwned AS SELECT * FROM preds",
    "SELECT * INTO pwned FROM preds",
    "SELECT * FROM preds FOR UPDATE",
    "WITH d AS (DELETE FROM keepme RETURNING *) SELECT * FROM preds",
    "SELECT * FROM preds; DELETE FROM keepme",
    "COMMIT",
    "",
]


@pytest.mark.parametrize("query", HOSTILE)
def test_only_one_read_only_select_passes_the_parser(query):
    for dialect in ("postgres", "sqlite"):
        with pytest.raises(EthicLensInputError, match="--query"):
            read_only_query(query, dialect)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT * FROM preds;",
        "SELECT * FROM preds -- the scored rows",
        "/* audit */ SELECT y, p, race FROM preds ;  -- done",
        "WITH x AS (SELECT * FROM preds) SELECT * FROM x",
        "SELECT * FROM preds WHERE race = 'A' UNION ALL SELECT * FROM preds WHERE race <> 'A'",
    ],
)
def test_trailing_semicolons_and_comments_are_fine(query):
    sql = read_only_query(query, "postgres")
    assert ";" not in sql and "--" not in sql and "/*" not in sql


# -- SQLite -----------------------------------------------------------------------------


def _sqlite_db(tmp_path):
    db = tmp_path / "warehouse.db"
    with sqlite3.connect(db) as con:
        make_frame(1, n=600).to_sql("preds", con, index=False)
        con.execute("CREATE TABLE keepme (v INTEGER)")
        con.executemany("INSERT INTO keepme VALUES (?)", [(i,) for i in range(6000)])
    return db


def _sqlite_state(db):
    with sqlite3.connect(db) as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master ORDER BY name")]
        rows = {t: con.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall() for t in tables}
    return hashlib.sha256(db.read_bytes()).hexdigest(), rows


@pytest.mark.parametrize("command", ["audit", "counts"])
@pytest.mark.parametrize("query", HOSTILE[:11])
def test_sqlite_hostile_query_changes_nothing(tmp_path, capsys, command, query):
    db = _sqlite_db(tmp_path)
    before = _sqlite_state(db)
    out = ["--out", str(tmp_path / "c.parquet")] if command == "counts" else []
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    code = main([command, "--db", f"sqlite:///{db}", "--query", query, *args, *out])
    err = capsys.readouterr().err
    assert code == 2 and "option '--query'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert _sqlite_state(db) == before
    assert not (tmp_path / "c.parquet").exists()


def test_sqlite_valid_query_with_semicolon_and_comment_equals_table(tmp_path, capsys):
    db = _sqlite_db(tmp_path)
    before = _sqlite_state(db)
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    url = f"sqlite:///{db}"
    by_table = sql_counts(url, roles, table="preds")
    by_query = sql_counts(url, roles, query="SELECT * FROM preds; -- all rows")
    assert by_query.equals(by_table)
    assert _sqlite_state(db) == before


def test_sqlite_statement_timeout_is_one_line(tmp_path):
    db = _sqlite_db(tmp_path)
    slow = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000) "
        "SELECT x % 2 AS y, x % 2 AS p, 'A' AS race FROM c"
    )
    start = time.monotonic()
    with pytest.raises(EthicLensInputError, match="timeout"):
        sql_counts(
            f"sqlite:///{db}",
            Roles(y_pred="p", y_true="y", protected=["race"]),
            query=slow,
            timeout=0.5,
        )
    assert time.monotonic() - start < 20


def _ctrl_c_on() -> None:
    # A test process may ignore SIGINT (a pytest-xdist worker, a shell's background job), and a
    # child inherits that: the CLI would never see the Ctrl-C this test sends.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for(inside, proc, what: str, steady: float = 0.0) -> None:
    """Wait (at most 120 s) until ``inside()`` says the CLI in ``proc`` is running its query,
    and has said so on every look for ``steady`` seconds: the Ctrl-C must land inside the
    query, not in start-up's imports (a fixed 6 s sleep waited too long on a quiet machine and
    could be too short on a loaded one), nor in a check's brief look at the database."""
    deadline = time.monotonic() + 120
    since = None
    while since is None or time.monotonic() - since < steady:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, f"the CLI never reached {what}"
        if not inside():
            since = None
        elif since is None:
            since = time.monotonic()
        time.sleep(0.1)


def _ctrl_c_inside(proc, inside, what: str, steady: float = 0.0) -> tuple[str, float]:
    """Ctrl-C the CLI in ``proc`` once it is inside its query (``_wait_for``): its standard
    error and the seconds it took to stop. It is killed if still running whatever failed (a
    failed wait or a Ctrl-C not obeyed would leave minutes of query running after the test)."""
    try:
        _wait_for(inside, proc, what, steady)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        start = time.monotonic()
        _, err = proc.communicate(timeout=30)
        return err, time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def _has_open(pid: int, path) -> bool:
    import psutil

    try:
        return any(f.path == str(path) for f in psutil.Process(pid).open_files())
    except psutil.Error:
        return False


def test_ctrl_c_stops_a_slow_sqlite_query(tmp_path):
    db = _sqlite_db(tmp_path)
    slow = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) "
        "SELECT x % 2 AS y, x % 2 AS p, 'A' AS race FROM c"
    )
    cmd = [sys.executable, "-m", "ethiclens", "audit", "--db", f"sqlite:///{db}"]
    cmd += ["--query", slow, "--y-true", "y", "--y-pred", "p", "--protected", "race"]
    cmd += ["--json", str(tmp_path / "c.json")]
    proc = subprocess.Popen(
        cmd, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_on
    )
    # the file open for a second on end: the query's connection (minutes of recursive work),
    # not the brief read of its table names (_own_tables) or the file check before it
    err, took = _ctrl_c_inside(proc, lambda: _has_open(proc.pid, db), "the SQLite file", 1.0)
    assert took < 10
    assert proc.returncode != 0 and "Traceback" not in err
    assert not (tmp_path / "c.json").exists()


def test_other_databases_are_refused_until_read_only_is_enforced():
    roles = Roles(y_pred="p", protected=["race"])
    with pytest.raises(EthicLensInputError, match="read-only") as info:
        sql_counts("mysql+pymysql://u:Hush-pw-1@h/db", roles, table="t")
    assert "Hush-pw-1" not in str(info.value)


# -- masking ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, secret",
    [
        ("postgresql://alice:S3cr-et@db.example/warehouse", "S3cr-et"),
        ("postgresql://alice@db/w?password=S3cr-et&sslmode=require", "S3cr-et"),
        ("postgresql+psycopg://alice@/w?host=/tmp/s&PASSWORD=S3cr-et", "S3cr-et"),
        ("host=db user=alice password='S3 cr-et' dbname=w", "S3 cr-et"),
        ("host=db password=S3cr-et", "S3cr-et"),
        ("PGPASSWORD=S3cr-et ethiclens audit", "S3cr-et"),
        ("connect args {'password': 'S3cr-et', 'host': 'db'}", "S3cr-et"),
        ("mysql://u:p@ss:w0rd@db/w", "ss:w0rd"),
    ],
)
def test_every_credential_spelling_is_masked(text, secret):
    assert secret not in mask_secrets(text) and "***" in mask_secrets(text)


def test_non_secrets_stay_readable():
    url = "postgresql://alice@db:5432/w?sslmode=verify-full&sslkey=/home/a/.pg/key.pem"
    assert mask_url(url) == url
    assert scrub("driver said: bad password Pw-42x", "postgresql://u:Pw-42x@h/d") == (
        "driver said: bad password ***"
    )


def test_error_messages_mask_any_url_they_quote():
    err = EthicLensInputError("cannot use postgresql://u:Leak-1x@h/db?password=Leak-2x")
    assert "Leak-1x" not in str(err) and "Leak-2x" not in str(err)


# -- PostgreSQL -------------------------------------------------------------------------


def _pg_setup(url):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    make_frame(2, n=600).to_sql("preds", engine, if_exists="replace", index=False)
    with engine.begin() as con:
        con.execute(sa.text("DROP TABLE IF EXISTS keepme; DROP TABLE IF EXISTS pwned"))
        con.execute(sa.text("CREATE TABLE keepme AS SELECT g AS v FROM generate_series(1, 6000) g"))
        con.execute(sa.text("DROP SEQUENCE IF EXISTS counter; CREATE SEQUENCE counter"))
    engine.dispose()


def _pg_sleeping(url) -> int:
    """How many sessions of the server at ``url`` are inside ``pg_sleep`` (PostgreSQL's own view
    of its sessions: the slow query is running, not a check or a SET before it)."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.connect() as con:
            return con.execute(
                sa.text("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'")
            ).scalar()
    finally:
        engine.dispose()


def _pg_state(url):
    """Row count and checksum of every table, and every sequence's value."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    state = {}
    with engine.connect() as con:
        tables = con.execute(
            sa.text(
                "SELECT schemaname, tablename FROM pg_tables "
                "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2"
            )
        ).fetchall()
        for schema, table in tables:
            name = f'"{schema}"."{table}"'
            state[name] = con.execute(
                sa.text(
                    "SELECT count(*), "
                    "md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) "
                    f"FROM {name} t"
                )
            ).one()
        state["counter"] = con.execute(sa.text("SELECT last_value, is_called FROM counter")).one()
    engine.dispose()
    return state


@pytest.mark.parametrize("command", ["audit", "counts"])
def test_postgres_hostile_queries_change_nothing(postgres_url, tmp_path, capsys, command):
    _pg_setup(postgres_url)
    before = _pg_state(postgres_url)
    out = ["--out", str(tmp_path / "c.parquet")] if command == "counts" else []
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    for query in [*HOSTILE[:11], "SELECT *, nextval('counter') AS n FROM preds"]:
        code = main([command, "--db", postgres_url, "--query", query, *args, *out])
        err = capsys.readouterr().err
        assert code == 2, (query, err)
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
        assert PG_PASSWORD not in err
        assert _pg_state(postgres_url) == before, query
    assert not (tmp_path / "c.parquet").exists()


def test_postgres_queries_run_in_a_read_only_transaction(postgres_url):
    _pg_setup(postgres_url)
    before = _pg_state(postgres_url)
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    # A function with a side effect inside a SELECT passes the parser; the transaction stops it.
    with pytest.raises(EthicLensInputError, match="read-only transaction"):
        sql_counts(postgres_url, roles, query="SELECT *, nextval('public.counter') FROM preds")
    assert _pg_state(postgres_url) == before


def test_postgres_statement_timeout(postgres_url):
    _pg_setup(postgres_url)
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    start = time.monotonic()
    with pytest.raises(EthicLensInputError, match="timeout"):
        sql_counts(
            postgres_url, roles, query="SELECT *, pg_sleep(0.05) AS z FROM preds", timeout=0.5
        )
    assert time.monotonic() - start < 15


def test_postgres_valid_query_with_trailing_semicolon_and_comment(postgres_url):
    _pg_setup(postgres_url)
    roles = Roles(y_pred="p", y_true="y", protected=["race"])
    by_table = sql_counts(postgres_url, roles, table="preds")
    by_query = sql_counts(postgres_url, roles, query="SELECT * FROM preds;\n-- every row\n")
    assert by_query.equals(by_table)


def test_postgres_password_in_query_string_never_leaks(postgres_url, tmp_path, capsys):
    """libpq's ?password= spelling: not in stdout, stderr, JSON, HTML, model card, counts."""
    _pg_setup(postgres_url)
    url = postgres_url.replace(f":{PG_PASSWORD}@", "@") + f"&password={PG_PASSWORD}"
    outs = [
        "--json",
        str(tmp_path / "r.json"),
        "--html",
        str(tmp_path / "r.html"),
        "--model-card",
        str(tmp_path / "card.md"),
    ]
    assert main(["audit", "--db", url, "--table", "preds", *ROLE_ARGS, *outs]) == 0
    counts = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    assert (
        main(
            [
                "counts",
                "--db",
                url,
                "--table",
                "preds",
                *counts,
                "--out",
                str(tmp_path / "c.parquet"),
            ]
        )
        == 0
    )
    wrong = url.replace(PG_PASSWORD, "Wrong-pw-77")
    assert main(["audit", "--db", wrong, "--table", "preds", *ROLE_ARGS]) == 2
    captured = capsys.readouterr()
    texts = [captured.out, captured.err]
    texts += [p.read_bytes().decode("utf-8", "replace") for p in tmp_path.iterdir()]
    for text in texts:
        assert PG_PASSWORD not in text and "Wrong-pw-77" not in text
    assert "password authentication failed" in captured.err


def test_ctrl_c_cancels_a_slow_postgres_query(postgres_url, tmp_path):
    _pg_setup(postgres_url)
    slow = "SELECT *, pg_sleep(1) AS z FROM preds"
    cmd = [sys.executable, "-m", "ethiclens", "audit", "--db", postgres_url, "--query", slow]
    cmd += ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    cmd += ["--json", str(tmp_path / "c.json")]
    proc = subprocess.Popen(
        cmd, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_on
    )
    # the server inside the query's pg_sleep: one second per row, ten minutes in all
    err, took = _ctrl_c_inside(proc, lambda: _pg_sleeping(postgres_url) > 0, "pg_sleep")
    assert took < 10
    assert proc.returncode != 0 and "Traceback" not in err and PG_PASSWORD not in err
    assert not (tmp_path / "c.json").exists()


def test_sql_counts_record_their_engine(tmp_path):
    from ethiclens.sources import engine_of

    db = _sqlite_db(tmp_path)
    table = sql_counts(f"sqlite:///{db}", Roles(y_pred="p", protected=["race"]), table="preds")
    assert engine_of(table) == "sql (sqlite)"
