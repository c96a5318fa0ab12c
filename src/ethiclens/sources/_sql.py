"""SQL databases through SQLAlchemy: the GROUP BY runs in the database, only counts come back.

A database is read, never written (docs/adr/0011-read-only-queries.md):

- column and table names are quoted identifiers, never pasted values;
- ``--query`` is parsed (sqlglot) and must be exactly one read-only ``SELECT``; EthicLens runs
  the statement it *regenerated from the parse tree*, without comments, as a sub-query, so text
  that closes the sub-query's parenthesis cannot start a second statement;
- on PostgreSQL, inside the transaction and before the query runs, every function it calls
  must resolve to one built into the server and every relation it reads must not be a system
  catalog, as the session's search_path resolves them (extensions' functions: xpath_table,
  dblink_exec, heap_force_kill); every type it names must be built in and every
  ``OPERATOR(schema.op)`` must be pg_catalog's; its relations are then written schema-qualified
  and it, with EthicLens's own SQL, runs under ``search_path = pg_catalog, pg_temp``, so no
  user's operator or type (CVE-2018-1058) runs;
- everything runs in one read-only transaction (PostgreSQL ``SET TRANSACTION READ ONLY``, SQLite
  ``PRAGMA query_only``) that is rolled back, with a statement timeout, and Ctrl-C cancels it;
- a SQLite file is opened read-only by the OS (``mode=ro``): closing the connection cannot
  checkpoint a WAL journal into it, so its bytes and its -wal file stay as they were (SQLite
  still keeps its read marks in the -shm index, and creates a missing one beside a -wal; a
  file in WAL mode without either is read ``immutable``, touching nothing); a journal left by
  an interrupted write is named, not rolled back;
- credentials are masked in every message and in provenance (``ethiclens._secrets``).
"""

from __future__ import annotations

import copy
import logging
import math
import os
import re
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, parse_qsl, unquote, urlencode, urlsplit
from urllib.parse import quote as quote_path

import numpy as np
import pandas as pd

from .._checks import argument_kinds, choice_error, did_you_mean, instance_kind, is_number
from .._optional import require
from .._secrets import (
    MASK,
    looks_like_url,
    malformed_url,
    mask_url,
    scrub,
    secret_values,
    url_text,
)
from .._text import one_line, prints_blank
from ..errors import EmptyInputError, EthicLensInputError, plain_text
from ._counts_table import (
    Roles,
    _refuse_not_one_value,
    finish_counts,
    group_by_sql,
    quote,
    refusing_roles_keywords,
)
from ._names import COUNT, Y_PRED, Y_TRUE
from ._rules import check_columns, first_distinct, text_kind, text_number

DEFAULT_TIMEOUT_S = 600.0

# SQLAlchemy backend -> sqlglot dialect; only backends whose read-only mode is implemented
# and tested here are accepted (the fix names the way round for the others).
_DIALECTS = {"postgresql": "postgres", "sqlite": "sqlite"}
_PG_TEXT = ("text", "character varying", "character", "name", "citext")


@dataclass(frozen=True)
class _Db:
    """A database URL and the option that gave it (``--db``, or ``--db-env NAME``)."""

    url: str
    flag: str = "--db"
    timeout: float = DEFAULT_TIMEOUT_S  # seconds per statement

    @property
    def option(self) -> str:
        """How a message names the database: ``--db`` with its masked URL, or the option used
        instead (``--db-env NAME``), whose value the user never typed on the line."""
        return f"--db {mask_url(self.url)}" if self.flag == "--db" else self.flag


def _fail(what: str, exc: BaseException, db: _Db, fix: str) -> EthicLensInputError:
    lines = [ln for ln in str(getattr(exc, "orig", None) or exc).strip().splitlines() if ln]
    detail = scrub(lines[0] if lines else type(exc).__name__, db.url).rstrip(".")  # (". Fix")
    return EthicLensInputError(f"{what}: {detail}", column=db.option, fix=fix)


def refuse_malformed_url(text, flag: str, what: str, fix: str) -> None:
    """Refuse ``text`` by ``flag`` when it is a malformed URL (:func:`malformed_url`): the
    message calls it ``what``, shows it with its password masked and gives ``fix``."""
    if malformed_url(text):
        raise EthicLensInputError(
            f"is a malformed {what} (no '//' after the scheme)",
            column=flag,
            value=mask_url(text),
            fix=fix,
        )


def checked_db_url(url, flag: str = "--db") -> str | None:
    """``url`` without the spaces a paste leaves around it; one that lacks the ``//`` after its
    scheme is refused, its password masked."""
    if url is None or not looks_like_url(url):
        return url
    fix = "spell it postgresql+psycopg://user@host/db (sqlite:///path.db for a file)"
    refuse_malformed_url(url, flag, "database URL", fix)
    if _holds_mask(url):
        # a URL copied from a report, a run record or a message: it would log in as '***'
        raise EthicLensInputError(
            f"holds the mask {MASK} where its password was (a URL copied from a report or a "
            "message, whose password EthicLens never writes)",
            column=flag,
            value=url,
            fix="put the real URL in an environment variable and name it: --db-env NAME "
            "(db_env: NAME in a config file)",
        )
    # the spaces and invisible characters a paste leaves around it (a zero-width space, a BOM):
    # left on, the driver says only 'Could not parse' of a URL otherwise fine
    return url_text(url)


def _holds_mask(url: str) -> bool:
    """``url`` has the mask where its password (or its whole user:password) was."""
    try:
        user = urlsplit(url).username
    except ValueError:
        user = None
    return user == MASK or MASK in secret_values(url)


@argument_kinds(
    flag=instance_kind(str, "the option that gave the name (text)", "e.g. '--db-env'"),
    example=instance_kind(str, "an example URL (text)", "e.g. 'sqlite:///d.db'", optional=True),
)
def env_db_url(name: str, flag: str = "--db-env", example: str | None = None) -> str:
    """The database URL that environment variable ``name`` holds, as :func:`checked_db_url`
    returns it; an unset or empty variable is refused naming ``flag`` (the one message of the
    audit, the monitor and the web app)."""
    # plain_text: a 10**5000 is refused as no name, never Python's int-to-text error
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", plain_text(name or "")):
        raise EthicLensInputError(
            "is not an environment variable's name",
            column=flag,
            value=name,
            fix="give the variable's name (letters, digits, _), e.g. ETHICLENS_DB, not its URL",
        )
    example = example or "postgresql+psycopg://user:password@host/db"
    if (url := os.environ.get(name)) is None or not url.strip():
        raise EthicLensInputError(
            f"environment variable {name} is {'not set' if url is None else 'empty'}",
            column=flag,
            fix=f"export {name}='{example}' first",
        )
    return checked_db_url(url.strip(), flag)


def sql_columns(
    url: str,
    *,
    table: str | None = None,
    query: str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    flag: str = "--db",
) -> list[str]:
    """The column names of ``table`` (or of ``query``'s result); no row is read. ``flag``:
    the option that gave ``url`` (``--db-env NAME``), named by a refusal."""
    return _run(url, None, table, query, timeout, flag)


@refusing_roles_keywords
def sql_counts(
    url: str,
    roles: Roles,
    *,
    table: str | None = None,
    query: str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    flag: str = "--db",
):
    """The counts table of ``table`` (or of ``query``'s result) in the database at ``url``.

    The database is only read: one read-only transaction, rolled back, at most ``timeout``
    seconds per statement. ``flag``: the option that gave ``url`` (``--db`` or
    ``--db-env NAME``), named by a refusal.
    """
    from ._counts_table import _check_roles

    _check_roles(roles, "sql_counts")
    return _run(url, roles, table, query, timeout, flag)


def sqlite_files(url: str) -> list[str]:
    """The files a SQLite URL's data lies in: the database and its ``-wal`` journal when
    there is one (writes not yet copied into the file); [] for another database or an
    in-memory one. Their bytes are the data, whichever path or URL spelling names them."""
    sa = require("sqlalchemy", extra="sql")
    target = _sqlite_target(sa, url)
    path = target[1] if target else None
    if path is None or not Path(path).is_file():
        return []
    wal = f"{path}-wal"
    return [path, *([wal] if Path(wal).is_file() and os.path.getsize(wal) else [])]


def _check_url_text(url, flag: str) -> None:
    """A URL that is no text (None, a number past the int-to-text limit, bytes) refused naming
    ``flag``, never SQLAlchemy's parse error ('Expected string or URL object') or Python's
    int-to-text ValueError quoted as the URL's problem."""
    if not isinstance(url, str):
        kind = "None" if url is None else type(url).__name__
        problem = f"must be a database URL (text), not {kind}"
        raise EthicLensInputError(
            problem, column=flag, value=url, fix="e.g. postgresql+psycopg://user@host/db"
        )


def check_usable_db_url(url: str, flag: str = "--db") -> None:
    """Refuse a database URL an audit could not use, with the checks made before connecting:
    a backend with a read-only transaction, a SQLite file that exists, SQLAlchemy's parse,
    dialect and driver. Nothing is connected to (a server checks its URLs at start)."""
    _check_url_text(url, flag)
    sa = require("sqlalchemy", extra="sql")
    db = _Db(url, flag)
    _backend(sa, db)
    _check_sqlite_file(sa, db)
    try:
        sa.create_engine(url).dispose()  # the dialect and its driver; no connection is made
    except Exception as exc:  # noqa: BLE001 - unknown dialect, driver not installed
        raise _unusable_url(exc, db) from None


def _sqlite_target(sa, url: str) -> tuple[str, str | None, bool] | None:
    """What the driver opens for a SQLite ``url``: (its filename or SQLite URI, the file's path
    or None for an in-memory database, whether the filename is a URI); None for another
    backend or a URL SQLAlchemy cannot parse (refused by create_engine)."""
    try:
        parsed = sa.engine.make_url(url)
        if parsed.get_backend_name() != "sqlite":
            return None
        # what the driver will open: with uri=true a SQLite URI that keeps its own query
        [filename], options = parsed.get_dialect()().create_connect_args(parsed)
    except Exception:  # noqa: BLE001 - reported by create_engine
        return None
    uri = bool(options.get("uri"))
    path = _uri_path(filename) if uri else parsed.database
    return filename, (None if not path or path == ":memory:" else path), uri


def _check_sqlite_file(sa, db: _Db) -> None:
    """SQLite creates a missing database file on connect: a mistyped path would leave an empty
    file behind and blame the table. The file must exist (an in-memory database aside),
    whether named by a path or by a SQLite URI (``sqlite:///file:x.db?mode=rwc&uri=true``)."""
    if (target := _sqlite_target(sa, db.url)) is None:
        return
    filename, path, uri = target
    if path is None or Path(path).is_file():
        return
    fix = "check the path (sqlite:///relative/path.db, sqlite:////absolute/path.db)"
    problem = (
        f"{one_line(path)} is a folder, not a SQLite database file"
        if Path(path).is_dir()
        else f"the SQLite database file {one_line(path)} does not exist"
    )
    if uri and not filename.startswith("file:") and "?" in path:
        # SQLite reads a URI's query only after 'file:': this name is a path, '?...' and all
        stem, _, query = path.partition("?")
        problem = (
            f"with uri=true SQLite reads a URI only when it starts with 'file:', so it would "
            f"open the file {path!r} (its name ending in '?{query}'), which does not exist"
        )
        fix = (
            f"write the URI as sqlite:///file:{stem}?{query}&uri=true, or drop "
            f"'?{query}&uri=true' (EthicLens reads a database in a read-only transaction)"
        )
    raise EthicLensInputError(problem, column=db.flag, value=mask_url(db.url), fix=fix)


def _read_only_uri(filename: str, path: str, uri: bool) -> str:
    """The SQLite URI that opens the file at ``path`` read-only at the OS level (``mode=ro``),
    so reading it checkpoints no journal and writes, creates or deletes nothing: a URI the user
    gave keeps its other options (``mode=`` becomes ``ro``), a path is percent-quoted (spaces,
    '?', '#', '%'). A WAL-mode file without ``-wal`` and ``-shm`` files (no connection is open
    and no journal is pending) is read ``immutable=1``: a read-only open would leave both."""
    if uri and filename.startswith("file:"):
        parts = urlsplit(filename)
        options = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
        options = [(k, v) for k, v in options if k != "mode"] + [("mode", "ro")]
        base = filename.split("#", 1)[0].split("?", 1)[0]  # urlunsplit adds '//' to file:
    else:
        base, options = "file://" + quote_path(os.path.abspath(path)), [("mode", "ro")]
    if _wal_without_journal(path) and ("immutable", "1") not in options:
        options.append(("immutable", "1"))
    return f"{base}?{urlencode(options)}"


def _wal_without_journal(path: str) -> bool:
    """The file at ``path`` is in WAL mode (header bytes 18-19 are 2) and has neither a
    ``-wal`` nor a ``-shm`` file beside it."""
    try:
        with open(path, "rb") as fh:
            header = fh.read(20)
    except OSError:
        return False
    wal_mode = len(header) == 20 and header[18:20] == b"\x02\x02"
    return wal_mode and not any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm"))


# The first 8 bytes of a rollback journal that still holds an unfinished write ("hot"); a
# committed journal kept by journal_mode=PERSIST has them zeroed, TRUNCATE leaves 0 bytes.
_HOT_JOURNAL = bytes.fromhex("d9d505f920a163d7")


def _sqlite_file_error(sa, db: _Db, exc: BaseException) -> EthicLensInputError | None:
    """Why a SQLite file cannot be read, when the file is the cause (not the table or the
    query), else None: a journal left beside it that SQLite must replay, a hot rollback
    journal (a write cut off by a crash) or a ``-wal`` without its ``-shm`` index (a read-only
    folder forbids creating it), neither done for the user: EthicLens never writes to a
    database; a file that is not a SQLite database; one another process holds locked."""
    target = _sqlite_target(sa, db.url)
    path = target[1] if target else None
    if path is None:
        return None
    try:
        with open(f"{path}-journal", "rb") as fh:
            hot = fh.read(8) == _HOT_JOURNAL
    except OSError:
        hot = False
    name, text = Path(path).name, str(getattr(exc, "orig", None) or exc)
    owner = f"open it once with sqlite3 as its owner (sqlite3 {name} 'PRAGMA "
    if hot:
        problem = (
            f"{name} has a leftover rollback journal {name}-journal (a write that was cut "
            "off): SQLite must roll it back into the file before reading it, and EthicLens "
            "opens a database read-only"
        )
        fix = f"{owner}integrity_check'), which rolls the write back, then rerun"
    elif Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists():
        problem = (
            f"{name}-wal holds writes not yet copied into {name}, and SQLite cannot create "
            f"the {name}-shm index it needs to read them (is the folder read-only?)"
        )
        fix = f"{owner}wal_checkpoint'), or copy {name} and {name}-wal to a writable folder"
    elif "file is not a database" in text:
        problem = f"{name} is not a SQLite database (or is encrypted)"
        fix = "check the path: sqlite:/// names a SQLite database file, not a CSV or another file"
    elif "database is locked" in text:
        problem = f"{name} is locked: another process is writing to it"
        fix = "rerun once the writer has finished, or audit a copy of the file"
    else:
        return None
    return EthicLensInputError(problem, column=db.option, fix=fix)


def _uri_path(filename: str) -> str | None:
    """The file a SQLite URI (``file:x.db?mode=ro``) opens; None for an in-memory database."""
    if not filename.startswith("file:"):
        return filename  # in URI mode a plain name is still a path
    parts = urlsplit(filename)
    return None if parse_qs(parts.query).get("mode") == ["memory"] else unquote(parts.path)


def _unusable_url(exc: BaseException, db: _Db) -> EthicLensInputError:
    return _fail("cannot use this database URL", exc, db, "e.g. postgresql+psycopg://user@host/db")


def _backend(sa, db: _Db) -> str:
    try:
        name = sa.engine.make_url(db.url).get_backend_name()
    except ValueError as exc:
        if "int()" not in str(exc):
            raise _unusable_url(exc, db) from None
        # SQLAlchemy's int() of the text after the host's ':', which is not echoed: a
        # password holding '/' or '#' ends up read as a host and a port
        raise EthicLensInputError(
            "cannot use this database URL: the port after the host is not a whole number (a "
            "URL without '@host' reads its user:password as host:port)",
            column=db.option,
            fix="write the port as digits (host:5432), or leave ':port' out for the default; a "
            "password holding '@', ':', '/' or '#' must be percent-encoded (%40, %3A, %2F, %23)",
        ) from None
    except Exception as exc:  # noqa: BLE001 - unparsable URL
        raise _unusable_url(exc, db) from None
    if name == "postgres":  # libpq's and Heroku's spelling, which SQLAlchemy dropped
        scheme = db.url.split("://", 1)[0]
        raise EthicLensInputError(
            f"SQLAlchemy does not know the scheme {scheme}:// (it names PostgreSQL postgresql)",
            column=db.flag,
            value=mask_url(db.url),
            fix=f"spell the scheme {scheme.replace('postgres', 'postgresql', 1)}:// "
            + ("" if "+" in scheme else "(or postgresql+psycopg:// to name the driver) ")
            + "and keep the rest of the URL as it is",
        )
    if name not in _DIALECTS:
        raise EthicLensInputError(
            f"EthicLens reads {name} databases only where it can enforce a read-only "
            f"transaction, which it does for {', '.join(sorted(_DIALECTS))}",
            column=db.flag,
            value=mask_url(db.url),
            fix="export the table to Parquet (ethiclens audit FILE.parquet) or hand over a "
            "counts table (ethiclens counts ... --out counts.parquet)",
        )
    return name


# Functions a SELECT may call that load code or read, write or list files (SQLite, its shell's
# extensions): refused by name, whatever the server allows. PostgreSQL's file functions
# (pg_read_file, pg_ls_dir, adminpack's pg_file_write) are refused with every pg_* below.
_FILE_OR_CODE_FUNCTIONS = frozenset(
    (
        "load_extension readfile writefile edit fts3_tokenizer lsdir zipfile lo_import lo_export"
    ).split()
)
# Functions that run SQL handed to them as text, or open their own connection to a server: the
# SQL inside a string escapes every check made of the query's tree, and a connection of its own
# is outside the read-only transaction and commits (dblink_exec). By name and by family:
# query_to_xml, cursor_to_xml, table_to_xml, schema_to_xml, database_to_xml and their
# *_xmlschema / *_and_xmlschema forms, ts_stat and ts_rewrite (a query's text), tablefunc's
# crosstab and connectby, and every dblink* and postgres_fdw* function.
# Well-known extensions' too: pg_cron's schedule (SQL run later), pgsql-http's requests from
# the server (http, http_get, http_post, ...), RDS's S3 export and import, xml2's xpath_table
# (its last argument is a WHERE clause run as SQL) and xslt_process; and any function of the
# schemas of pg_cron, pg_net, dblink and the AWS extensions, however named. On PostgreSQL no
# list is relied on alone: every function that is not built into the server is refused once
# connected (_refuse_at_runtime).
_SQL_TEXT_FUNCTIONS = frozenset(
    (
        "ts_stat ts_rewrite connectby schedule schedule_in_database alter_job "
        "query_export_to_s3 table_import_from_s3 xpath_table xslt_process"
    ).split()
)
_SQL_TEXT_FAMILIES = re.compile(
    r"(?:query|cursor|table|schema|database)_to_xml\w*|crosstab\w*|dblink\w*|postgres_fdw\w*"
    r"|http(?:_(?:get|post|put|patch|delete|head))?"
)
_EXTENSION_SCHEMAS = frozenset("cron net aws_s3 aws_lambda aws_commons dblink".split())
# PostgreSQL names its server functions pg_*: ending sessions (pg_terminate_backend), reloading
# settings (pg_reload_conf), resetting statistics (pg_stat_reset), locks held past the query
# (pg_advisory_lock), notifications (pg_notify), files (pg_read_file), replication slots,
# backups and WAL (pg_switch_wal). Every release adds some and none counts rows, so every pg_*
# function is refused but these few, which only describe a value or wait (the statement
# timeout bounds a wait): an allow-list cannot miss next year's admin function, a list of the
# dangerous ones can.
_PG_HARMLESS = frozenset(
    (
        "pg_typeof pg_column_size pg_column_compression pg_size_pretty pg_size_bytes "
        "pg_input_is_valid pg_input_error_info pg_collation_for pg_client_encoding pg_sleep"
    ).split()
)
# Other functions with effects beyond the query's result: settings (set_config), large objects
# (lo_*, lowrite), index maintenance (brin_*, gin_clean_pending_list), pg_upgrade's hooks.
# nextval/setval are left to the read-only transaction, which refuses them; txid_current (the
# old name of pg_current_xact_id) is not: it assigns a transaction ID even there.
_SIDE_EFFECT_FUNCTIONS = frozenset(
    (
        "set_config lowrite loread brin_summarize_new_values brin_summarize_range "
        "brin_desummarize_range gin_clean_pending_list get_raw_page pgrowlocks txid_current"
    ).split()
)
# ... and well-known contrib's: pg_surgery's heap_force_kill/heap_force_freeze (they destroy
# rows whatever the transaction), pageinspect's and pgstattuple's raw reads of any relation
_SIDE_EFFECT_FAMILIES = re.compile(r"lo_\w*|binary_upgrade_\w*|heap_force_\w*|pgstat\w*")
# Facts of the server a report must not carry (ADR 0011): who runs the query (role names, also
# written without parentheses: current_user, user), its settings (current_setting reads
# data_directory, config_file), its address and version. The catalogs of roles and sessions
# (pg_roles, pg_authid, pg_stat_activity) and its files (pg_read_file) are refused as pg_*.
_SERVER_WORDS = frozenset(
    "current_user session_user current_role system_user user current_catalog current_schema".split()
)
_SERVER_FACTS = _SERVER_WORDS | frozenset(
    (
        "getpgusername current_setting current_schemas current_database version "
        "inet_server_addr inet_server_port inet_client_addr inet_client_port"
    ).split()
)
# x.f is f(x): a fact read without an argument is never called so (t.version: a column)
_NO_ARGUMENT = _SERVER_WORDS | frozenset(
    "version current_database getpgusername inet_server_addr inet_server_port inet_client_addr "
    "inet_client_port".split()
)
_SERVER_REASON = (
    "it reads a fact of the database server (its roles, settings, address or version), which "
    "a report must not carry"
)
# SQLite's facts of its files, build, settings and pages, read as functions or as tables
# (FROM pragma_database_list, quoted or schema-qualified alike): the database's path
# (pragma_database_list), compile options, sqlite_version(), raw pages (sqlite_dbpage, dbstat).
# Every pragma_* is refused but those describing the database's own tables, as pg_* is above.
_SQLITE_FACTS = re.compile(r"pragma_\w+|dbstat|sqlite_dbpage|sqlite_stmt")
_SQLITE_FACT_FUNCTIONS = re.compile(r"sqlite_\w+")  # sqlite_master is a table, never called
_SQLITE_DESCRIBING = frozenset(
    (
        "pragma_table_info pragma_table_xinfo pragma_table_list pragma_index_list "
        "pragma_index_info pragma_index_xinfo pragma_foreign_key_list"
    ).split()
)
_SQLITE_REASON = (
    "it reads a fact of SQLite's files, build, settings or pages (its pragma_* functions, "
    "sqlite_version(), dbstat), which a report must not carry; of the pragma_* functions only "
    + ", ".join(sorted(_SQLITE_DESCRIBING))
    + " (the database's own tables) are run"
)


def _sqlite_fact(name: str, called: bool = True) -> bool:
    """Whether ``name`` (lower case) reads one of SQLite's facts, ``called`` or read as a table."""
    facts = _SQLITE_FACTS.fullmatch(name) or (called and _SQLITE_FACT_FUNCTIONS.fullmatch(name))
    return bool(facts) and name not in _SQLITE_DESCRIBING


def _function_refusal(name: str) -> str | None:
    """Why a query may not call the function ``name`` (any case, quoted or schema-qualified
    alike; ``schema.name`` only for the schemas of extensions whose every function is
    refused), or None when it may."""
    schema, _, name = name.lower().rpartition(".")
    if name in _FILE_OR_CODE_FUNCTIONS:
        return "functions that load code or touch files are refused"
    sql_text = name in _SQL_TEXT_FUNCTIONS or _SQL_TEXT_FAMILIES.fullmatch(name)
    if sql_text or schema in _EXTENSION_SCHEMAS:
        return (
            "functions that run SQL given as text or open connections of their own are refused "
            "(they act outside the checked query and its read-only transaction)"
        )
    if name.startswith("pg_") and name not in _PG_HARMLESS:
        return (
            "PostgreSQL's pg_* server functions (ending sessions, reloading settings, resetting "
            "statistics, locks, notifications, files) are refused, but for "
            + ", ".join(sorted(_PG_HARMLESS))
        )
    if name in _SIDE_EFFECT_FUNCTIONS or _SIDE_EFFECT_FAMILIES.fullmatch(name):
        return "functions with effects beyond the query's result are refused"
    return _SERVER_REASON if name in _SERVER_FACTS else None


# PostgreSQL's own schemas (pg_catalog, pg_toast, ...) and information_schema: role password
# hashes (pg_authid, pg_shadow), user mappings with their passwords (pg_user_mapping,
# information_schema.user_mapping_options), other sessions' queries (pg_stat_activity). An
# unqualified pg_* name is looked up in pg_catalog first, so it is refused too.
def _is_catalog(schema: str | None, name: str) -> bool:
    if schema := (schema or "").lower():
        return schema.startswith("pg_") or schema == "information_schema"
    return name.lower().startswith("pg_")


def _refuse_catalog_table(table: str | None, backend: str, url=None) -> None:
    """Refuse a ``--table`` (``schema.name``) of PostgreSQL's system catalogs (``backend``:
    ``postgresql`` or sqlglot's ``postgres``): the ``pg_catalog`` and ``information_schema``
    schemas, and an unqualified ``pg_*`` name, hold role password hashes, user mappings'
    passwords and server state, never predictions. On SQLite, a table of its facts
    (``pragma_database_list``: the file's path, ``dbstat``, ``sqlite_dbpage``) as a query
    reading it is refused, unless the database ``url`` has its own table of that name in main
    (which SQLite reads first). ``sqlite_master`` (the database's own tables) is read."""
    if table is None:
        return
    *schema, name = str(table).split(".")
    if backend in ("postgresql", "postgres"):
        if _is_catalog(schema[-1] if schema else None, name):
            raise _catalog_error("--table", "the table", table)
    elif backend == "sqlite" and _sqlite_fact(name.lower(), called=False):
        if schema in ([], ["main"]) and url is not None and name.lower() in _own_tables(url):
            return
        raise EthicLensInputError(
            f"the table is {name}: {_SQLITE_REASON}",
            column="--table",
            value=table,
            fix="name the table or view holding the predictions",
        )


def _catalog_error(column: str, what: str, value: str) -> EthicLensInputError:
    """The refusal of ``what`` (the table, or the query reading one) of PostgreSQL's system
    catalogs, by ``column`` (``--table``, ``--query``)."""
    return EthicLensInputError(
        f"{what} is one of PostgreSQL's system catalogs (the pg_catalog and information_schema "
        "schemas, or a pg_* name, looked up in pg_catalog first), which hold role password "
        "hashes and server state: EthicLens reads predictions, never these",
        column=column,
        value=value,
        fix="name the table or view holding the predictions; one of your own whose name "
        "starts with pg_ is named with its schema (public.pg_x)",
    )


def _statements(sqlglot, exp, query: str, dialect: str, fix: str) -> list:
    """The statements of ``query`` as sqlglot parses them, refused in one line where it cannot;
    a trailing ';' (with or without a comment after it) parses as an empty statement, and one
    of characters that print as nothing ('select 1;\u200b', '\u200b;') is no statement
    either."""
    # sqlglot logs a warning when it falls back to an opaque Command; that case is refused later.
    logging.getLogger("sqlglot").setLevel(logging.ERROR)
    try:
        parsed = sqlglot.parse(query, read=dialect)
    except sqlglot.errors.SqlglotError as exc:
        _refuse_unclosed_quote(exc, query)
        raise _query_error(
            f"the query could not be parsed as SQL{_parse_place(exc)}",
            f"correct the SQL there (an operator, keyword or parenthesis lacks what follows "
            f"it); {fix}",
        ) from None
    return [
        s
        for s in parsed
        if s is not None
        and not isinstance(s, exp.Semicolon)
        and not prints_blank(s.sql(dialect=dialect))
    ]


def _parse_place(exc) -> str:
    """Where sqlglot stopped parsing, in words: ' near '*' (line 1, column 29)'; sqlglot's own
    description names its classes ("Required keyword: 'expression' missing for <class
    'sqlglot.expressions.core.Mul'>"), no words for the user. A quoted token is not shown (a
    string literal may hold a password); '' where sqlglot says nothing of the place."""
    error = (getattr(exc, "errors", None) or [{}])[0]
    token = str(error.get("highlight") or "").strip()
    near = "" if not token or token[0] in "'\"`$[" else f" near {one_line(token)[:40]!r}"
    if "line" not in error:
        return near
    return f"{near} (line {error['line']}, column {error['col']})"


def read_only_query(query: str, dialect: str = "postgres", own_tables=()) -> str:
    """``query`` checked to be one read-only SELECT and regenerated from its parse tree.

    Refused (``--query`` named): several statements, anything but a query (INSERT, UPDATE,
    DELETE, MERGE, DDL, SET, COPY, PRAGMA, VACUUM, EXPLAIN, transaction control),
    ``SELECT … INTO``, row locks (``FOR UPDATE``), data-modifying CTEs, and calls (any case,
    quoted or schema-qualified) of functions that load code or touch files
    (``load_extension``), run SQL given as text or open their own connection
    (``query_to_xml``, ``dblink*``: the SQL in a string escapes these checks, the connection
    the read-only transaction), every PostgreSQL ``pg_*`` server function but a few harmless
    ones (``pg_typeof``; see ``_PG_HARMLESS`` for why an allow-list) and other side effects
    (``set_config``, ``lo_*``). On PostgreSQL, reading its system catalogs (``pg_catalog``,
    ``information_schema``, a ``pg_*`` table: password hashes) is refused too. On SQLite,
    every ``pragma_*`` function but those describing the database's own tables (the file's
    path, build and settings: ``pragma_database_list``, ``pragma_compile_options``, …), every
    ``sqlite_*`` function call and the ``dbstat``/``sqlite_dbpage`` tables, but where
    ``own_tables`` (lower case) holds that name: the database's own table (SQLite reads it
    first, unless the query names another schema than main). A trailing ``;``
    and comments are fine; comments are dropped from the SQL that runs. Once connected to
    PostgreSQL, :func:`sql_counts` and :func:`sql_columns` also refuse, inside the read-only
    transaction, any function the query calls that is not built into the server (an
    extension's or a user's, whatever its name) and any relation that resolves to a system
    catalog through the search_path; a view's own body is the data owner's.
    """
    sqlglot = require("sqlglot", extra="sql")
    from sqlglot import exp

    fix = 'give one SELECT statement, e.g. --query "SELECT y, pred, race FROM scores"'
    if prints_blank(str(query)):  # ' ', a zero-width space, U+3164: no statement
        raise _query_error("the query is empty", fix)
    statements = _statements(sqlglot, exp, query, dialect, fix)
    if len(statements) != 1:
        raise _query_error(
            f"the query holds {len(statements)} statements; EthicLens runs exactly one", fix
        )
    tree = statements[0]
    _refuse_all_but_reading(tree, _statement_name(tree, query, dialect), exp, fix)
    for node in tree.walk():
        node.comments = None
    sql = tree.sql(dialect=dialect)
    _refuse_calls(tree, sql, dialect, exp)
    _refuse_catalog_reads(tree, query, dialect, exp, own_tables)
    return sql


# What each opening delimiter sqlglot's tokenizer finds unclosed starts, for the message.
_QUOTED = {"'": "string literal", '"': "quoted name", "`": "quoted name", "[": "quoted name"}


def _query_error(problem: str, fix: str) -> EthicLensInputError:
    return EthicLensInputError(problem, column="--query", fix=fix)


def _refuse_unclosed_quote(exc, query: str) -> None:
    """Refuse ``query`` whose string literal or quoted name is never closed, naming where it
    opens; sqlglot's tokenizer says only "Error tokenizing", its cause "Missing ' from 1:29"
    (the opening quote's character offset). Another error is left to the caller."""
    cause = f"{exc.__cause__ or ''}"
    if (found := re.fullmatch(r"Missing (\S+) from (\d+):(\d+)", cause)) is None:
        return
    close, offset = found.group(1), int(found.group(3))
    quote_text = {"]": "["}.get(close, close)  # sqlglot names the delimiter it misses
    if not (0 <= offset < len(query) and query.startswith(quote_text, offset)):
        where = f"line {found.group(2)}"  # not the offset this sqlglot is known to give
    else:
        line_start = query.rfind("\n", 0, offset) + 1
        where = f"line {query.count(chr(10), 0, offset) + 1}, column {offset - line_start + 1}"
    what = _QUOTED.get(quote_text, "dollar-quoted string" if "$" in quote_text else "quote")
    raise EthicLensInputError(
        f"the {what} opened by {quote_text} at {where} is not closed",
        column="--query",
        value=query,
        fix=f"close it with {close}"
        + (" (a ' inside a string is written '')" if quote_text == "'" else ""),
    ) from None


def _statement_name(tree, query: str, dialect: str) -> str:
    """The statement's name for a message: sqlglot's node (DELETE, PRAGMA) where the query
    holds that word, else the query's first keyword as written — sqlglot keeps statements it
    does not model as a Command (VACUUM), and misreads a few as an expression (SAVEPOINT a as
    an Alias, REINDEX as a Column)."""
    import sqlglot

    words = [token.text.upper() for token in sqlglot.tokenize(query, read=dialect)]
    return tree.key.upper() if tree.key.upper() in words else words[0]


def _refuse_all_but_reading(tree, name: str, exp, fix: str) -> None:
    """Refuse a parsed statement that is not a query, writes or locks (``name``: the
    statement's, ``exp``: sqlglot's expression module)."""
    if not isinstance(tree, exp.Query):
        raise _query_error(
            f"the query is {'an' if name[0] in 'AEIOU' else 'a'} {name} statement, not a "
            "SELECT: databases are read, never written",
            fix,
        )
    writers = (exp.DML, exp.DDL, exp.Command, exp.Into, exp.Lock, exp.Transaction)
    for node in tree.walk():
        if isinstance(node, writers):
            raise _query_error(
                f"the query contains {node.key.upper()}: only a read-only SELECT is run", fix
            )


def _refuse_calls(tree, sql: str, dialect: str, exp) -> None:
    """Refuse a query calling a function :func:`_function_refusal` refuses (on SQLite, one of
    its facts too: :func:`_sqlite_fact`): each name sqlglot's ``tree`` holds as a function it
    does not model, each name that the SQL to run (``sql``, regenerated from the tree) writes
    before a '(' — whatever node sqlglot made of it — and,
    on PostgreSQL, each name after a '.' in an expression: its attribute notation calls
    ``f(x)`` as ``x.f`` or ``(x).f`` (``(pid).pg_terminate_backend``)."""
    import sqlglot
    from sqlglot.tokens import TokenType

    names = [node.name for node in tree.find_all(exp.Anonymous)]
    for node in tree.find_all(exp.Dot):  # a function of an extension's schema: cron.anything
        if isinstance(node.expression, exp.Func) and node.this.name.lower() in _EXTENSION_SCHEMAS:
            names.append(f"{node.this.name}.{node.expression.name or node.expression.key}")
    tokens = sqlglot.tokenize(sql, read=dialect)
    names += [
        token.text
        for i, (token, after) in enumerate(zip(tokens, tokens[1:], strict=False))
        if after.token_type == TokenType.L_PAREN
        and token.token_type in (TokenType.VAR, TokenType.IDENTIFIER)
        and not _names_cte(tokens, i)
    ]
    fix = "use a plain SELECT of the columns, without {}()"
    for name in names:
        reason = _function_refusal(name)
        if reason is None and dialect == "sqlite" and _sqlite_fact(name.lower()):
            reason = _SQLITE_REASON
        if reason is not None:
            raise _query_error(f"the query calls {name}(): {reason}", fix.format(name))
    if dialect != "postgres":
        return
    _refuse_server_words(tokens)
    attributes = [c.name for c in tree.find_all(exp.Column) if c.table]
    attributes += [d.expression.name for d in tree.find_all(exp.Dot)]
    for name in [a for a in attributes if a.lower() not in _NO_ARGUMENT]:  # t.user: a column
        if (reason := _function_refusal(name)) is not None:
            raise _query_error(
                f"the query calls {name}() in PostgreSQL's attribute notation (x.{name} is "
                f"{name}(x) where x has no column {name}): {reason}",
                fix.format(name) + "; a column of that name is selected without its "
                "table's name, or renamed in a view",
            )


def _names_cte(tokens, i: int) -> bool:
    """Whether ``tokens[i]``, a name before a '(', names a CTE and its columns
    (``WITH RECURSIVE dbstat(n) AS (…)``, after WITH, RECURSIVE or a ','), which calls nothing."""
    from sqlglot.tokens import TokenType

    if (
        i == 0
        or tokens[i - 1].token_type not in (TokenType.WITH, TokenType.COMMA)
        and (tokens[i - 1].text.upper() != "RECURSIVE")
    ):
        return False
    depth, j = 0, i + 1
    while j < len(tokens):
        depth += {TokenType.L_PAREN: 1, TokenType.R_PAREN: -1}.get(tokens[j].token_type, 0)
        j += 1
        if depth == 0:
            break
    if j >= len(tokens) or tokens[j].token_type != TokenType.ALIAS:
        return False
    j += 1
    while j < len(tokens) and tokens[j].text.upper() in ("NOT", "MATERIALIZED"):
        j += 1
    return j < len(tokens) and tokens[j].token_type == TokenType.L_PAREN


def _refuse_server_words(tokens) -> None:
    """Refuse a word that reads the server's roles though no '(' follows it (``SELECT user``,
    ``current_user``): a quoted name ("user"), a table's column (t.user) and an alias pass."""
    from sqlglot.tokens import TokenType

    for i, token in enumerate(tokens):
        before = tokens[i - 1].token_type if i else None
        if (
            token.token_type != TokenType.IDENTIFIER
            and "STRING" not in token.token_type.name
            and token.text.lower() in _SERVER_WORDS
            and before not in (TokenType.DOT, TokenType.ALIAS)
        ):
            raise _query_error(
                f"the query reads {token.text.lower()}: {_SERVER_REASON}",
                f"select only the table's columns; a column named {token.text.lower()} is "
                f'written in double quotes ("{token.text.lower()}")',
            )


def _refuse_catalog_reads(tree, query: str, dialect: str, exp, own=()) -> None:
    """Refuse a PostgreSQL query that reads a table or view of the system catalogs
    (:func:`_refuse_catalog_table`), a SQLite query that reads one of its facts as a table
    (``FROM pragma_database_list``, ``x IN pragma_compile_options``), in a sub-query or a join
    too; not a name ``own`` holds read from main (the database's own table: SQLite reads it)."""
    tables = [t for t in tree.find_all(exp.Table) if isinstance(t.this, exp.Identifier)]
    if dialect == "sqlite":  # SQLite's 'x IN t' reads table t: sqlglot makes t a Column
        fields = [i.args.get("field") for i in tree.find_all(exp.In)]
        tables += [f for f in fields if isinstance(f, exp.Column)]
    for table in tables:
        if dialect == "postgres" and _is_catalog(table.db, table.name):
            raise _catalog_error("--query", f"the query reads {table.sql(dialect)}, which", query)
        name = table.name.lower()
        if dialect == "sqlite" and _sqlite_fact(name, called=False) and not _cte(table, exp):
            if name in own and _in_main(table, exp):
                continue
            raise _FactRead(
                f"the query reads {name}: {_SQLITE_REASON}",
                column="--query",
                fix=f"use a plain SELECT of the table's columns, without {name}",
            )


class _FactRead(EthicLensInputError):
    """The refusal of a SQLite query reading one of its facts as a table: the database's own
    table of that name, once looked up (:func:`_own_tables`), is read instead."""


def _in_main(table, exp) -> bool:
    """Whether ``table`` (a Table, or the Column of ``x IN t``) is read from main, where the
    database's own tables are: unqualified or ``main.t`` (``temp.dbstat`` is SQLite's)."""
    schema, outer = ("db", "catalog") if isinstance(table, exp.Table) else ("table", "db")
    return table.text(schema).lower() in ("", "main") and not table.text(outer)


def _own_tables(url) -> frozenset:
    """The names (lower case) of the tables and views of the SQLite database ``url``, opened
    read-only; none where it cannot be read (the query is then refused as it was)."""
    sa = require("sqlalchemy", extra="sql")
    try:
        engine = _engine(sa, url)
        try:
            with engine.connect() as con:
                sql = "SELECT lower(name) FROM main.sqlite_master WHERE type IN ('table', 'view')"
                return frozenset(row[0] for row in con.execute(sa.text(sql)))
        finally:
            engine.dispose()
    except Exception:  # noqa: BLE001 - no file, not a database: nothing is the database's own
        return frozenset()


def _cte(table, exp) -> bool:
    """Whether ``table``, named without a schema, reads a CTE of a WITH around it (in its
    query, one of its CTEs or a sub-query): SQLite resolves such a name to the CTE, never to
    its table of that name (``WITH dbstat AS (…) SELECT … FROM dbstat``)."""
    if table.args.get("db") or table.args.get("table"):  # main.dbstat, or x IN main.dbstat
        return False
    name = table.name.lower()
    ctes = table.root().find_all(exp.CTE)
    owners = {id(c.parent.parent) for c in ctes if c.alias.lower() == name}  # WITH's query
    node = table.parent
    while node is not None and id(node) not in owners:
        node = node.parent
    return node is not None


# -- On PostgreSQL, once connected: what the names resolve to (ADR 0011, layer 6) -------------
#
# A list of names cannot know every extension's functions (xml2's xpath_table runs its last
# argument as SQL, pg_surgery's heap_force_kill destroys rows, pageinspect reads any page), nor
# where the URL's search_path makes an unqualified name land (information_schema). So inside the
# read-only transaction, before the query runs, every function it calls and every relation it
# reads is looked up in the catalog as this session sees it: a function must be built into the
# server (pg_catalog, an OID below FirstNormalObjectId: an extension installed into pg_catalog
# is not), a relation must not be a system catalog, whatever the search_path.
_FIRST_NORMAL_OID = 16384
_NOT_BUILT_IN = f"NOT (n.nspname = 'pg_catalog' AND p.oid < {_FIRST_NORMAL_OID})"
_FUNCTIONS_SQL = (
    "SELECT n.nspname, p.proname FROM pg_catalog.pg_proc AS p JOIN pg_catalog.pg_namespace AS n "
    "ON n.oid = p.pronamespace WHERE p.proname = CAST(:name AS text) AND CASE WHEN "
    "CAST(:schema AS text) IS NULL THEN pg_catalog.pg_function_is_visible(p.oid) ELSE "
    f"n.nspname = CAST(:schema AS text) END AND {_NOT_BUILT_IN} AND "
    "(NOT CAST(:attribute AS boolean) OR p.pronargs - p.pronargdefaults <= 1) AND NOT "
    # an unqualified name the server builds in resolves there once the query runs under
    # _SAFE_PATH (pg_catalog, pg_temp: functions are never looked up in pg_temp), so an
    # extension's overload elsewhere (citext's min, replace) is never reached: not refused
    "(CAST(:schema AS text) IS NULL AND n.nspname <> 'pg_catalog' AND EXISTS (SELECT 1 FROM "
    "pg_catalog.pg_proc AS b JOIN pg_catalog.pg_namespace AS m ON m.oid = b.pronamespace "
    f"WHERE b.proname = p.proname AND m.nspname = 'pg_catalog' AND b.oid < {_FIRST_NORMAL_OID})) "
    "ORDER BY 1 LIMIT 1"
)
# A type named in the query (a cast, a typed literal, an array of it) must be built in: a
# user's composite or domain (at any depth), an extension's type, runs code of its own (a CHECK,
# an input function, a cast WITH FUNCTION from it: casts are global), whatever the search_path;
# so is a built-in type that a cast reaches with a function not built in (a superuser's CREATE
# CAST (text AS int) WITH FUNCTION public.f(text)).
_TYPE_SQL = (
    "SELECT n.nspname, t.typname FROM pg_catalog.pg_type AS t JOIN pg_catalog.pg_namespace AS n "
    "ON n.oid = t.typnamespace WHERE t.oid = pg_catalog.to_regtype(CAST(:name AS text)) "
    f"AND (t.oid::oid >= {_FIRST_NORMAL_OID} OR EXISTS (SELECT 1 FROM pg_catalog.pg_cast AS k "
    f"WHERE k.casttarget = t.oid AND k.castsource::oid < {_FIRST_NORMAL_OID} "
    f"AND k.castfunc::oid >= {_FIRST_NORMAL_OID}))"
)
_RELATION_SQL = (
    "SELECT n.nspname, c.relname FROM pg_catalog.pg_class AS c JOIN pg_catalog.pg_namespace AS n "
    "ON n.oid = c.relnamespace WHERE c.oid = pg_catalog.to_regclass(CAST(:name AS text))"
)


def _folded(token) -> str:
    """A name as PostgreSQL reads it: a quoted name as written, another in lower case."""
    from sqlglot.tokens import TokenType

    return token.text if token.token_type == TokenType.IDENTIFIER else token.text.lower()


def _is_name(token) -> bool:
    """``token`` may name a function: a quoted name, or a word that is not a string's text.
    Keywords count (sqlglot tokenizes REPLACE, LEFT, FORMAT as keywords; PostgreSQL may still
    find an extension's function of that name): one that names no function passes."""
    from sqlglot.tokens import TokenType

    if token.token_type == TokenType.IDENTIFIER:
        return True
    word = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$]*", token.text)
    return bool(word) and "STRING" not in token.token_type.name


def _called(sql: str) -> list[tuple[str | None, str, bool]]:
    """(schema or None, name, attribute notation) of each function ``sql`` (the SQL that runs)
    may call: each name written before a '(' with the name before its '.' (``public.f(``), and
    each name after a '.' (``x.f`` calls ``f(x)`` where x has no column f), as PostgreSQL folds
    them. Keywords written like calls (COALESCE, EXTRACT, IN) and aliases' column lists resolve
    to no function, and pass."""
    import sqlglot
    from sqlglot.tokens import TokenType

    tokens = sqlglot.tokenize(sql, read="postgres")
    found = []
    for i, token in enumerate(tokens):
        if not _is_name(token):
            continue
        after = tokens[i + 1].token_type if i + 1 < len(tokens) else None
        dotted = i >= 2 and tokens[i - 1].token_type == TokenType.DOT
        schema = _folded(tokens[i - 2]) if dotted and _is_name(tokens[i - 2]) else None
        if after == TokenType.L_PAREN:
            found.append((schema, _folded(token), False))
        elif dotted:
            found.append((None, _folded(token), True))
    return list(dict.fromkeys(found))


def _checked_at_runtime(sa, con, source: str, table, query, db: _Db) -> str:
    """:func:`_refuse_at_runtime` (returning the source with its relations schema-qualified),
    a failed look-up (a name PostgreSQL cannot parse as a type or a relation) reported as the
    query's failure, a timeout as a timeout."""
    try:
        return _refuse_at_runtime(sa, con, source, table, query)
    except EthicLensInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - to_regtype/to_regclass refusing a name's syntax
        _refuse_timeout(exc, db)
        what = f"table {table!r} cannot be read" if table else "the query failed"
        raise _fail(what, exc, db, _query_fix(exc)) from None


def _refuse_at_runtime(sa, con, source: str, table, query) -> str:
    """Refuse, inside the read-only transaction and before it runs, a PostgreSQL ``source``
    (what the SELECT reads: the quoted table, or the checked query as a sub-query) that calls a
    function not built into the server, names an operator outside pg_catalog
    (``OPERATOR(public.===)``), names a type not built in, or reads a system catalog, each
    resolved as this session resolves it (its search_path included). ``table`` or ``query``:
    what the user gave, named by the refusal. Returns ``source`` with every relation it reads
    written schema-qualified, as the session's search_path resolved it, so that it reads the
    same relations once the search_path is ``pg_catalog, pg_temp`` (:data:`_SAFE_PATH`)."""
    import sqlglot
    from sqlglot import exp

    sql = f"SELECT * FROM {source}"
    tree = sqlglot.parse_one(sql, read="postgres")
    option, given = ("--table", table) if table is not None else ("--query", query)
    for schema, name, attribute in _called(sql):
        params = {"name": name, "schema": schema, "attribute": attribute}
        if (row := con.execute(sa.text(_FUNCTIONS_SQL), params).first()) is not None:
            raise _foreign_function_error(option, name, row[0], attribute)
    _refuse_foreign_operators(sql, option)
    kinds = {node.sql(dialect="postgres") for node in tree.find_all(exp.DataType)}
    for kind in sorted(kinds, key=lambda kind: (len(kind), kind)):  # an array's element first
        if (row := con.execute(sa.text(_TYPE_SQL), {"name": kind}).first()) is not None:
            raise _foreign_function_error(option, row[1], row[0], False, cast=row[1])
    _qualify_relations(sa, con, tree, exp, table, option, given)
    return tree.find(exp.From).this.sql(dialect="postgres")


# What EthicLens's SQL and the user's query run under once their names are resolved: an
# unqualified operator, function or type resolves in pg_catalog only (a user's exact-typed
# public.= cannot beat the built-in one, CVE-2018-1058), temporary relations never shadow.
_SAFE_PATH = "SET LOCAL search_path = pg_catalog, pg_temp"


def _refuse_foreign_operators(sql: str, option: str) -> None:
    """Refuse ``OPERATOR(schema.op)`` naming a schema other than pg_catalog: a user's or an
    extension's operator runs its function."""
    import sqlglot
    from sqlglot.tokens import TokenType

    tokens = sqlglot.tokenize(sql, read="postgres")
    for i, token in enumerate(tokens[:-3]):
        if token.token_type != TokenType.OPERATOR or tokens[i + 1].token_type != TokenType.L_PAREN:
            continue
        if tokens[i + 3].token_type == TokenType.DOT and _folded(tokens[i + 2]) != "pg_catalog":
            schema = _folded(tokens[i + 2])
            raise EthicLensInputError(
                f"the query names the operator OPERATOR({schema}.…), of the schema {schema}: "
                "only PostgreSQL's built-in operators (pg_catalog) are run, a user's or an "
                "extension's operator runs its own function",
                column=option,
                fix="write the operator without OPERATOR(…) (=, <, +), or ask the data owner "
                "for a view and give it with --table",
            )


def _qualify_relations(sa, con, tree, exp, table, option, given) -> None:
    """Write each relation ``tree`` reads as ``schema.name``, as the session's search_path
    resolves it (``to_regclass``), refusing a system catalog. A WITH query's own name is left
    as written; a name that resolves to nothing is left for the query to report."""
    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    for node in tree.find_all(exp.Table):
        if not isinstance(node.this, exp.Identifier):
            continue
        name = ".".join(part.sql(dialect="postgres") for part in node.parts)
        if (row := con.execute(sa.text(_RELATION_SQL), {"name": name}).first()) is None:
            continue
        if _is_catalog(row[0], name):
            where = f"{name}, found in the schema {row[0]} by the search_path,"
            what = f"the table {where}" if table is not None else f"the query reads {where} which"
            raise _catalog_error(option, what, given)
        if not node.args.get("db") and node.name in ctes:
            continue
        node.set("catalog", None)
        node.set("db", exp.to_identifier(row[0], quoted=True))
        node.set("this", exp.to_identifier(row[1], quoted=True))


def _foreign_function_error(option, name, schema, attribute, cast=None) -> EthicLensInputError:
    """The refusal of a call of ``name`` (attribute notation: ``x.name``; ``cast``: a cast to
    that type, which calls its input function or its domain's checks) that resolves to a
    function of ``schema`` not built into PostgreSQL."""
    how = f"x.{name} (attribute notation for {name}(x))" if attribute else f"{name}()"
    fix = f"; for the built-in function of that name write pg_catalog.{name}()"
    if cast is not None:
        how, fix = f"a cast to {cast}, a type whose input, CHECK or casts may run code", ""
    return EthicLensInputError(
        f"the query calls {how}, which resolves to the schema {schema} and is not built into "
        "PostgreSQL (an extension's or a user's function: it may run SQL given as text, open "
        "its own connection or write, outside the read-only transaction); only built-in "
        "functions are run",
        column=option,
        fix="ask the data owner for a view that computes what you need and give it with "
        f"--table{fix}",
    )


class _StatementTimeout(Exception):
    """A statement ran past the timeout (SQLite's progress handler stopped it)."""


@contextmanager
def _read_only(sa, con, backend: str, timeout: float):
    """One read-only transaction with a statement timeout; Ctrl-C cancels the statement."""
    timeout = float(timeout)  # numpy's: np.int16(60) * 1000 wraps, np.uint8's overflows
    if backend == "postgresql":
        # The first statement of the transaction SQLAlchemy begins; rolled back on close.
        # psycopg cancels the running statement on KeyboardInterrupt.
        con.execute(sa.text("SET TRANSACTION READ ONLY"))
        # whole milliseconds, at least 1: PostgreSQL reads 0 as no timeout at all; rounded up
        # past the float's noise (2.007 * 1000 is 2007.0000000000002: 2007 ms, not 2008)
        ms = max(1, math.ceil(round(timeout * 1000, 3)))
        con.execute(sa.text(f"SET LOCAL statement_timeout = {ms}"))
        # A backslash in '...' is a character, as sqlglot read and wrote the query; a URL's, a
        # role's or a database's standard_conforming_strings = off reads it as an escape: a
        # string runs on past its quote and the next string's text becomes SQL.
        con.execute(sa.text("SET LOCAL standard_conforming_strings = on"))
        # the server-side cursors (_statement) are planned to read every row, as a plain
        # statement is, not for a fast first batch (the default 0.1)
        con.execute(sa.text("SET LOCAL cursor_tuple_fraction = 1"))
        yield
        return
    raw = con.connection.dbapi_connection
    raw.execute("PRAGMA query_only = ON")
    # SQLite's CAST reads '2abc' as 2 and 'heavy' as 0: text is read by the rows' rule instead
    # (group_by_sql calls these only for values stored as text).
    raw.create_function("ethiclens_kind", 1, text_kind, deterministic=True)
    raw.create_function("ethiclens_number", 1, text_number, deterministic=True)
    deadline = time.monotonic() + timeout
    state = {"cancelled": False, "timed_out": False}

    def progress():
        # sqlite3 swallows an exception raised here (Ctrl-C arrives as one): record it, stop.
        try:
            if time.monotonic() > deadline:
                state["timed_out"] = True
                return 1
        except KeyboardInterrupt:
            state["cancelled"] = True
            return 1
        return 0

    raw.set_progress_handler(progress, 20_000)
    try:
        yield
    except Exception:
        if state["cancelled"]:
            raise KeyboardInterrupt from None
        if state["timed_out"]:
            raise _StatementTimeout from None
        raise
    finally:
        raw.set_progress_handler(None, 0)


def _statement(sa, sql: str):
    """``sa.text(sql)`` without bind parameters: ``text()`` takes every ``:word`` for one, even
    inside the user's string literal (``LIKE '%:err%'``), and refuses it for want of a value.
    Every colon is escaped (``\\:``, which SQLAlchemy sends as ``:``), so the statement reaches the
    database as written; these statements bind nothing, the values are in the SQL. On PostgreSQL
    it runs as a server-side cursor (``stream_results``): sent by the extended protocol, which
    runs one statement at most whatever its text says, where a statement without parameters
    goes by the simple protocol, which runs every ';'-separated one; rows come in batches."""
    return sa.text(sql.replace(":", "\\:")).execution_options(stream_results=True)


def _dialect_kind(value, name: str) -> None:
    """An argument kind: one of the dialects a SELECT is written for (sqlite, postgresql)."""
    if not isinstance(value, str) or value not in _DIALECTS:
        raise choice_error(value, list(_DIALECTS), column=name, kind="argument")


@argument_kinds(
    table=instance_kind(str, "a table name", "e.g. table='predictions'", optional=True),
    query=instance_kind(str, "a SELECT query", "e.g. query='SELECT * FROM t'", optional=True),
    backend=_dialect_kind,
    url=instance_kind(str, "a database URL", "e.g. url='sqlite:///preds.db'", optional=True),
)
def sql_source(table: str | None, query: str | None, backend: str, *, url=None) -> str:
    """What a SELECT reads FROM for ``table`` or ``query`` on ``backend`` (sqlite,
    postgresql): the quoted table, or the query checked by :func:`read_only_query` as a
    subquery (its comments dropped, so none can swallow the SQL around it). With ``url`` (the
    database), a ``table`` whose name holds a dot is found there as :func:`sql_counts` finds
    it: the table of that very name where there is one ('pred.log'), else schema.table."""
    if (table is None) == (query is None):  # both: the query had been dropped silently
        raise EthicLensInputError(
            "give exactly one of table and query",
            column="table/query",
            kind="argument",
            fix="e.g. table='predictions', or query='SELECT ... FROM ...'",
        )
    try:  # a Python caller's arguments, in their names (the audit's checks name flags)
        _check_source_text(table, query)
        _refuse_catalog_table(table, backend, url)
        if url is not None and table is not None and "." in table:
            sa = require("sqlalchemy", extra="sql")
            engine = _engine(sa, url)
            try:
                with engine.connect() as con:
                    return ".".join(map(quote, _table_parts(sa, con, table)))
            finally:
                engine.dispose()
        return _source(table, query, _DIALECTS[backend], url)
    except EthicLensInputError as exc:
        raise _in_argument_words(exc) from None


def _in_argument_words(exc: EthicLensInputError) -> EthicLensInputError:
    """A refusal of the audit's ``--table``/``--query`` (every check :func:`sql_source` shares
    with the command line) in a Python caller's words: argument 'query', its example
    ``query="SELECT ..."`` (the command line's own refusals keep their flags)."""
    said = exc.renamed(
        {"--table": "table", "--query": "query", "--table/--query": "table/query"}, "argument"
    )
    fix = said.fix
    if type(fix) is str and (python := _SHELL_EXAMPLE.sub(r"\1=\2", fix)) != fix:
        said = copy.copy(said)  # its class kept (NoRows, a DataFileError ...)
        EthicLensInputError.__init__(
            said, said.problem, column=said.column, value=said.value, fix=python, kind=said.kind
        )
    return said


# an example renamed from the flag's shell form (``--query "SELECT ..."``): a keyword's
_SHELL_EXAMPLE = re.compile(r'(?<![\w.-])(table|query) ("[^"]*")')


def _source(table, query, dialect, url=None) -> str:
    # "schema.table" is two quoted identifiers; a table whose own name holds a dot is found by
    # that name first (_table_parts), once connected.
    if table is not None:
        _refuse_catalog_table(table, dialect, url)
        return ".".join(quote(part) for part in table.split("."))
    try:
        return f"({read_only_query(query, dialect)}) AS ethiclens_src"
    except _FactRead:  # the database's own table of that name? (SQLite reads it first)
        if url is None or not (own := _own_tables(url)):
            raise
        return f"({read_only_query(query, dialect, own)}) AS ethiclens_src"


def _table_parts(sa, con, table: str) -> list[str]:
    """The quoted parts of ``table``: the one name itself where the database has a table (or
    view) of that exact name ('t.x', 'T '), else its dot-separated parts (schema.table)."""
    return [table] if "." in table and _has_table(sa, con, [table]) else table.split(".")


def _qualified_parts(source: str) -> list[str]:
    """The [schema, name] of a qualified quoted table ``source`` (``"public"."s"``)."""
    import sqlglot
    from sqlglot import exp

    node = sqlglot.parse_one(source, read="postgres", into=exp.Table)
    return [part.name for part in node.parts]


def _has_table(sa, con, parts: list[str]) -> bool:
    *schema, name = parts
    try:
        return sa.inspect(con).has_table(name, schema=".".join(schema) or None)
    except Exception:  # noqa: BLE001 - an unknown schema, no right to inspect: not found here
        return False


def _query_fix(exc: BaseException) -> str:
    """The fix of a source that failed; a query holding a parameter (``?``, ``:name``,
    ``$1``), which nothing binds, is told to hold its values."""
    said = str(getattr(exc, "orig", None) or exc)
    if re.search(r"number of bindings|bind parameter|no parameter \$", said):
        return "a query takes no parameters (?, :name, $1): write the value in the query itself"
    return "check the table name / the query"


def _table_fix(sa, con, table: str) -> str:
    """The fix of a ``table`` that cannot be read: where the database has no table of that
    name, the near miss ('T' for 'T '), spaces and case said to count, and how a dotted name
    was read."""
    fix = "check the table name / the query"
    parts = _table_parts(sa, con, table)
    if _has_table(sa, con, parts):
        return fix
    # PostgreSQL's look-ups run under search_path pg_catalog, pg_temp (_SAFE_PATH), where an
    # unqualified name sees no table: the schema the session started in is named
    try:
        default = sa.inspect(con).default_schema_name
    except Exception:  # noqa: BLE001
        default = None
    bare = table.replace('"', "")
    bare_parts = _table_parts(sa, con, bare)
    if (
        bare != table
        and bare
        and _has_table(sa, con, [default] * (len(bare_parts) == 1) + bare_parts)
    ):
        # SQL's quoting copied from psql ("Sch"."Tab"): each part is quoted here already
        return f"write it without double quotes, --table {bare}: each part is quoted as typed"
    try:
        inspector = sa.inspect(con)
        names = [*inspector.get_table_names(default), *inspector.get_view_names(default)]
    except Exception:  # noqa: BLE001
        names = []
    *schema, name = table.split(".")
    dotted = (
        f"; {table!r} was read as one table's name, then as the table {name!r} of the "
        f"schema {'.'.join(schema)!r}"
        if schema
        else ""
    )
    typed = "the table's name is read as typed, spaces and case included"
    return f"{did_you_mean(table, names)}{typed}{dotted}"


def _run(url, roles, table, query, timeout, flag):
    _check_url_text(url, flag)
    sa = require("sqlalchemy", extra="sql")
    db = _Db(checked_db_url(url, flag), flag, timeout)
    if (table is None) == (query is None):
        raise EthicLensInputError(
            "give exactly one of --table and --query",
            column="--table/--query",
            fix='e.g. --table predictions, or --query "SELECT ... FROM ..."',
        )
    _check_source_text(table, query)
    if not (is_number(timeout) and 0 < timeout <= 86_400):  # numpy's too, never a bool
        raise EthicLensInputError(
            "the statement timeout must be a number of seconds in (0, 86400]",
            column="timeout",
            value=timeout,
            fix="e.g. timeout=600",
        )
    backend = _backend(sa, db)
    source = _source(table, query, _DIALECTS[backend], db.url)
    _check_sqlite_file(sa, db)
    try:
        engine = _engine(sa, db.url)
    except Exception as exc:  # noqa: BLE001 - bad URL, unknown dialect, missing driver
        raise _unusable_url(exc, db) from None
    connected = False
    try:
        with engine.connect() as con, _read_only(sa, con, backend, timeout):
            connected = True
            return _read(sa, con, (source, table, query), roles, backend, db)
    except EthicLensInputError:
        raise
    except _StatementTimeout:
        raise _timeout_error(db) from None
    except Exception as exc:  # noqa: BLE001 - unreachable server, bad credentials
        _refuse_timeout(exc, db)  # a refused value's look-up (_Values) ran past it
        failed = _failed(exc, db, connected, (roles, table))
        raise _sqlite_file_error(sa, db, exc) or failed from None
    finally:
        engine.dispose()


def _failed(exc: BaseException, db: _Db, connected: bool, read: tuple) -> EthicLensInputError:
    """The refusal of an unexpected failure of a database read: before the connection was
    made, or once it was lost, in the connection's words; else (the database answered) the
    count's, or the source's (``read``: the roles, the table): a query or a value that failed
    is no failed connection (an array group read as one was 'cannot connect: unhashable type',
    fixed by checking the credentials)."""
    roles, table = read
    if not connected:
        fix = "check the host, port, database name and credentials"
        return _fail("cannot connect", exc, db, fix)
    if getattr(exc, "connection_invalidated", False):  # SQLAlchemy: the server went away
        fix = "check that the database server runs, then run it again"
        return _fail("the connection to the database was lost", exc, db, fix)
    if roles is not None:
        return _fail("the counting query failed", exc, db, _COUNT_FIX)
    what = f"table {table!r} cannot be read" if table else "the query failed"
    return _fail(what, exc, db, "check the table name / the query")


_COUNT_FIX = "check the columns' types (labels 0/1, scores and weights numeric)"


def _read(sa, con, read: tuple, roles, backend: str, db: _Db):
    """The columns (``roles`` None) or the counts of ``read`` (the FROM item, the table, the
    query) on the connection ``con``, in its read-only transaction."""
    source, table, query = read
    parts = None if table is None else _table_parts(sa, con, table)
    if parts is not None:
        source = ".".join(map(quote, parts))
    if backend == "postgresql":
        source = _checked_at_runtime(sa, con, source, table, query, db)
        parts = None if table is None else _qualified_parts(source)
        con.execute(sa.text(_SAFE_PATH))
    columns = _probe(sa, con, source, table, db)
    if roles is None:
        return columns
    frame = _count(sa, con, source, roles, columns, backend, db)
    _check_not_empty(frame, table)
    # a PostgreSQL array or JSON key (a list, a dict): refused as every engine refuses it (was
    # "cannot connect: unhashable type: 'list'")
    _refuse_not_one_value(frame[list(_key_sources(roles))], roles, rows=False)
    values = _Values(sa, con, source, backend, parts)
    for col, column in _key_sources(roles).items():
        try:
            frame = values.declared_booleans(frame, {col: column})
            frame = values.first_spellings(frame, {col: column})
        except (EthicLensInputError, _StatementTimeout):
            raise
        except Exception as exc:  # noqa: BLE001 - the column's values: named
            _refuse_timeout(exc, db)
            raise _fail(
                f"the counting query failed on column {column!r}", exc, db, _COUNT_FIX
            ) from None
    return finish_counts(frame, roles, f"sql ({backend})", values)


def _check_source_text(table, query) -> None:
    """A ``table`` or ``query`` given in Python (or a config file) is text, a table's name not
    empty and without NUL (which no name in SQL holds; it was refused as a column's name, or
    as ``no such table:``), as the command line's ``--table`` and ``--query`` are."""
    flag, given = ("--table", table) if table is not None else ("--query", query)
    what = "a table's name" if flag == "--table" else "one SELECT statement"
    fix = (
        "e.g. --table predictions" if flag == "--table" else 'e.g. --query "SELECT y, p, g FROM t"'
    )
    if not isinstance(given, str):
        problem = f"must be text ({what}), not {type(given).__name__}"
    elif flag == "--table" and not given:
        problem = "must not be empty"
    elif flag == "--table" and "\x00" in given:
        problem = "a table's name may not hold a NUL character (\\x00)"
    else:
        return
    raise EthicLensInputError(problem, column=flag, value=given, fix=fix)


def _engine(sa, url: str):
    """The engine for ``url``; a SQLite file is opened read-only by the OS (``mode=ro``), so
    closing the connection cannot checkpoint a WAL journal into the user's file (an in-memory
    database is opened as SQLAlchemy does)."""
    if (target := _sqlite_target(sa, url)) is None or target[1] is None:
        return sa.create_engine(url)
    import sqlite3

    read_only = _read_only_uri(*target)
    return sa.create_engine(url, creator=lambda: sqlite3.connect(read_only, uri=True))


class _Values:
    """Finds the first offending value of a column for a refusal (the ``locator`` of
    ``_rules.check_counts``), read in the count's read-only transaction only after a check
    failed. A database has no row order to name: the place is left empty, the value said."""

    def __init__(self, sa, con, source: str, backend: str = "sqlite", table: list | None = None):
        self.sa, self.con, self.source = sa, con, source
        self.backend, self.table = backend, table  # the table's name parts (schema, name)

    def first(self, column, test):
        """("", raw value) of the first value where ``test(Series) -> mask`` holds, else None."""
        for values in self._chunks(f"SELECT {quote(column)} FROM {self.source}", dtype=None):
            mask = np.asarray(test(values), dtype=bool)
            if mask.any():
                return "", values.iloc[int(np.flatnonzero(mask)[0])]
        return None

    def typed_values(self, column):
        """What ``_rules.refuse_typed_numbers`` reads of a score or weight column whose own
        type is text or true/false, as a Parquet file's is read: its first distinct text
        values, or ``[True]``; None for numbers. SQLite types each value: the values stored
        as text (``typeof``), among numbers too (as ``pandas.read_sql`` hands them over),
        true/false when a table declares the column BOOLEAN. PostgreSQL types the column: a
        table's declared type (SQLAlchemy's inspection), a query's ``pg_typeof``. Read in the
        count's read-only transaction, only once every value was found to be a number."""
        name = quote(column)
        if self.backend == "sqlite":
            # Text is text as pandas.read_sql hands it over, also where other rows are numbers:
            # a '1.5', 'inf' or 'nan' stored as text among REAL values is refused as a string
            # column (SQLite's own CAST reads 'inf' as 0), not taken for the number it spells
            sql = f"SELECT {name} FROM {self.source} WHERE typeof({name}) IN ('text', 'blob')"
            text = first_distinct(self._chunks(sql))
            if len(text):
                return text
            kind = "bool" if self._declared(column) == "bool" else None
        elif self.table is not None:
            kind = self._declared(column)
        else:
            sql = f"SELECT pg_typeof({name})::text FROM {self.source} LIMIT 1"
            kind = self.con.execute(_statement(self.sa, sql)).scalar()
            kind = "bool" if kind == "boolean" else "text" if kind in _PG_TEXT else None
        if kind == "bool":
            return pd.Series([True])
        if kind == "text":
            sql = f"SELECT {name} FROM {self.source} WHERE {name} IS NOT NULL"
            return first_distinct(self._chunks(sql))
        return None

    def declared_booleans(self, frame, columns: dict):
        """``frame`` (the GROUP BY result) with each key column (``columns``: its name in
        ``frame`` -> the table's column) that a SQLite table declares BOOLEAN read as
        true/false, as a Parquet boolean column (groups ``False``/``True``, labels a
        ``pos_label`` of True names) and SQLAlchemy's reflection (``pandas.read_sql_table``)
        read it: SQLite stores it as the integers 0/1. Only where every value counted is 0 or
        1 (SQLite does not enforce a declared type: a column holding 2 or 'yes' keeps its
        values, as read). A query's columns have no declared type: they stay 0/1
        (docs/engines.md)."""
        if self.backend != "sqlite" or self.table is None:
            return frame
        for col, source in columns.items():
            present = frame[col].dropna()
            zero_one = len(present) and all(_integer(v) and v in (0, 1) for v in present)
            if zero_one and self._declared(source) == "bool":
                frame[col] = pd.Series(
                    [None if pd.isna(v) else bool(v) for v in frame[col]], dtype=object
                )
        return frame

    def first_spellings(self, frame, columns: dict):
        """``frame`` (the GROUP BY result) with each key column's values that are equal but
        typed apart in cells of their own (SQLite's integer 1 and real 1.0 beside other
        labels) spelled as the first of them in the source's row order: the one the audit
        labels them by on the rows ``pandas.read_sql`` hands over (``1`` where the integer
        comes first). Read in the count's transaction, only when such values exist."""
        for col, source in columns.items():
            if frame[col].dtype != object:
                continue
            codes = pd.factorize(frame[col].to_numpy(dtype=object))[0]
            for code in np.unique(codes[codes >= 0]):
                alike = frame[col][codes == code]
                if len({(type(v), repr(v)) for v in alike}) < 2:
                    continue
                hit = self.first(source, lambda s, v=alike.iloc[0]: s.isin([v]).to_numpy())
                if hit is not None:
                    frame.loc[codes == code, col] = np.array([hit[1]] * len(alike), dtype=object)
        return frame

    def _declared(self, column) -> str | None:
        """The declared type of ``column`` in the table ("bool", "text"; None for another type
        or a query's column, which has none)."""
        if self.table is None:
            return None
        *schema, table = self.table
        found = self.sa.inspect(self.con).get_columns(table, schema=".".join(schema) or None)
        kind = next((c["type"] for c in found if c["name"] == column), None)
        if isinstance(kind, self.sa.Boolean):
            return "bool"
        return "text" if isinstance(kind, self.sa.String) else None

    def _chunks(self, sql: str, dtype=object):
        """The values of ``sql``'s one column, a batch at a time (``dtype``: None to infer)."""
        result = self.con.execute(_statement(self.sa, sql))
        try:
            while rows := result.fetchmany(1 << 16):
                yield pd.Series([row[0] for row in rows], dtype=dtype)
        finally:
            result.close()


def _key_sources(roles: Roles) -> dict:
    """{column of the GROUP BY result: the source column it holds} of its groups, labels and
    predictions (a key that holds scores aside: ``thresholds`` reads them as numbers)."""
    keys = {c: c for c in roles.protected if roles.key_roles.get(c) != "y_score"}
    labels = {Y_TRUE: roles.y_true, Y_PRED: roles.y_pred}
    return {**keys, **{k: v for k, v in labels.items() if v is not None}}


def _integer(value) -> bool:
    """An integer as SQLite hands one over (not true/false, not 1.0)."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def _check_not_empty(frame, table) -> None:
    """A table or query without rows is refused as an empty file is (nothing to audit)."""
    if len(frame) and int(frame[COUNT].sum()):
        return
    what, fix = f"table {table}", "fill the table or name another one"
    if table is None:
        what, fix = "the query", "check the query's WHERE clause: it selects no rows"
    raise EmptyInputError(f"{what} has no data rows", fix=fix)


def _refuse_timeout(exc: BaseException, db: _Db) -> None:
    """The timeout's refusal when ``exc`` is the statement timeout (raised in its handler)."""
    if "statement timeout" in str(getattr(exc, "orig", None) or exc):
        raise _timeout_error(db) from None


def _probe(sa, con, source, table, db: _Db) -> list[str]:
    # PostgreSQL aborts the transaction on an error: a savepoint keeps it usable for the look-up
    # of the near miss that the refusal names (_table_fix), as SQLite's does
    savepoint = con.begin_nested() if con.dialect.name == "postgresql" else None
    try:
        columns = list(con.execute(_statement(sa, f"SELECT * FROM {source} WHERE 1 = 0")).keys())
    except Exception as exc:  # noqa: BLE001
        if savepoint is not None:
            savepoint.rollback()
        _refuse_timeout(exc, db)
        what = f"table {table!r} cannot be read" if table else "the query failed"
        fix = _table_fix(sa, con, table) if table else _query_fix(exc)
        raise _sqlite_file_error(sa, db, exc) or _fail(what, exc, db, fix) from None
    if savepoint is not None:
        savepoint.commit()  # RELEASE SAVEPOINT: the transaction stays read-only, never committed
    _refuse_repeated_names(columns, table)
    return columns


def _refuse_repeated_names(columns: list[str], table: str | None = None) -> None:
    """A query's result naming one column twice is refused as a file's header is: which one
    was meant? PostgreSQL returns both names; SQLite renames the second of a sub-query's
    ``label`` columns ``label:1``. Two names that differ only in their Unicode form (``café``
    with one accented character, or an 'e' and a combining accent) print alike: refused for a
    table too (to SQL they are two names), both named, as a file's header is."""
    fix = "rename the columns so each name is unique (SELECT ... AS another_name)"
    seen: dict[str, str] = {}
    for position, name in enumerate(columns):
        renamed = re.fullmatch(r"(.+):\d+", name)
        original = renamed.group(1) if renamed and renamed.group(1) in columns else name
        if table is None and (original != name or name in columns[:position]):
            raise _query_error(f"the query has two columns named {original!r}", fix)
        first = seen.setdefault(unicodedata.normalize("NFC", name), name)
        if first != name:
            what = "the query" if table is None else f"table {table!r}"
            alike = f"({ascii(first)} and {ascii(name)}: two Unicode forms)"
            problem = f"{what} has two columns named {name!r} {alike}"
            raise EthicLensInputError(
                problem, column="--query" if table is None else "--table", fix=fix
            )


def _count(sa, con, source, roles, columns, backend, db: _Db):
    check_columns(columns, roles, "the database source")
    try:
        text_types = _pg_types(sa, con, source, roles) if backend == "postgresql" else None
        result = con.execute(_statement(sa, group_by_sql(source, roles, backend, text_types)))
        return pd.DataFrame(result.fetchall(), columns=list(result.keys()))
    except Exception as exc:  # noqa: BLE001
        _refuse_timeout(exc, db)
        raise _fail("the counting query failed", exc, db, _COUNT_FIX) from None


def _pg_types(sa, con, source: str, roles) -> dict:
    """{key column: its PostgreSQL type} (``pg_typeof`` of the first row; {} without rows,
    which are refused as empty), so text keys are grouped under the "C" collation. A type
    outside pg_catalog (citext) is named without its schema, which the search_path
    ``pg_catalog, pg_temp`` makes PostgreSQL write (public.citext)."""
    columns = [*roles.protected, *(c for c in (roles.y_true, roles.y_pred) if c)]
    typed = ", ".join(f"pg_typeof({quote(c)})::text" for c in columns)
    row = con.execute(_statement(sa, f"SELECT {typed} FROM {source} LIMIT 1")).first()
    if row is None:
        return {}
    return {
        c: re.sub(r'^("[^"]*"|[^".]+)\.', "", kind) for c, kind in zip(columns, row, strict=True)
    }


def _timeout_error(db: _Db) -> EthicLensInputError:
    return EthicLensInputError(
        "the database statement ran past its timeout and was cancelled",
        column=db.option,
        fix=f"each statement may run {db.timeout:g} s: count a smaller table or add an index; "
        "in Python pass a longer timeout= (seconds, at most 86400)",
    )
