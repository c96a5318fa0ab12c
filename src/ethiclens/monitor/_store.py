"""The monitor's state: the request, per-window counts, the evidence, alarms, runs.

A store is a SQLite file (the default) or a PostgreSQL database given by URL
(``postgresql+psycopg://user:password@host/db``; the tables live in the schema
``ethiclens_monitor``, or the one named by ``?schema=NAME``). Both hold the same tables and
behave alike: one run is one transaction, so a killed run leaves the store as the previous run
left it, and a second run on the same store waits for the first (SQLite: ``BEGIN IMMEDIATE``;
PostgreSQL: a transaction-scoped advisory lock), then sees its windows. Arrays are stored as raw
little-endian bytes with their dtype and shape: nothing is unpickled. A URL's password is never
stored or shown (``Store.path`` is the masked URL).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import sqlite3
import tempfile
import time
import urllib.parse
from pathlib import Path

import numpy as np

from .._secrets import masked_cut
from .._text import from_postgres_text as _from_postgres
from .._text import plural
from .._text import to_postgres_text as _to_postgres
from ..errors import EthicLensInputError
from ..io import _as_written_fix as as_written_fix  # the words every path option says
from ..io import check_store_name
from ._evidence import Evidence, state_keys
from ._sequential import log_mean_exp
from ._shape import counts_problem, meta_problem, shape_problem
from ._verify import _short, replay_problem

# The format a run writes; a store of a higher version (a newer EthicLens) is refused as newer,
# never read as damaged. 1: the first; 2: a held window keeps its rows' first and last time
# (meta held tmin/tmax, round 43), and under --pos-label the values each label column wrote
# beside it (meta label_values, round 44), which a version-1 reader calls unexpected. Every run
# writes STORE_VERSION, so a version-1 store a run adds to becomes version 2; one no run has
# touched since is still read as written. Raise it with any key or shape an older reader refuses.
STORE_VERSION = 2
APP_ID = "ethiclens-monitor"
BUSY_TIMEOUT = 60.0  # seconds a run waits for another run holding the store
PG_SCHEMA = "ethiclens_monitor"
TABLES = ("meta", "windows", "results", "state", "alarms", "runs")
_NEW_STORE_FIX = "name a new file, or the store an earlier monitor run wrote"
READ_FIX = "name the store an `ethiclens monitor --store` run wrote"  # read, never made
# a 0-byte store read back (read_store, read_store_report): a run starts it, a reader has nothing
EMPTY_STORE = "is an empty file (0 bytes): it holds no windows (no monitor run has written it)"
# a 0-byte store file is looked at this many times, this many seconds apart, before it is
# refused as emptied: a run that has just created it locks it within microseconds
_EMPTY_TRIES, _EMPTY_WAIT = 5, 0.02

# REAL and BLOB are SQLite's words; PostgreSQL's are DOUBLE PRECISION and BYTEA (see _Postgres)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS windows (
    "window" INTEGER PRIMARY KEY, start REAL NOT NULL, "end" REAL NOT NULL, rows INTEGER NOT NULL,
    status TEXT NOT NULL, counts TEXT NOT NULL, run INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    "window" INTEGER NOT NULL, attribute TEXT NOT NULL, grp TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY ("window", attribute, grp));
CREATE TABLE IF NOT EXISTS state (
    attribute TEXT NOT NULL, grp TEXT NOT NULL, key TEXT NOT NULL, dtype TEXT NOT NULL,
    shape TEXT NOT NULL, data BLOB NOT NULL, PRIMARY KEY (attribute, grp, key));
CREATE TABLE IF NOT EXISTS alarms (
    attribute TEXT NOT NULL, grp TEXT NOT NULL, test TEXT NOT NULL, "window" INTEGER NOT NULL,
    log_e_value REAL NOT NULL, run INTEGER NOT NULL, PRIMARY KEY (attribute, grp, test));
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY, at TEXT NOT NULL, target TEXT NOT NULL, new_windows INTEGER NOT NULL,
    t_max REAL);
"""


# a URL's scheme: a --store value that starts with one is a URL, never a file name
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
# the store's own driver (psycopg): a URL naming another PostgreSQL driver is opened with it
_STORE_SCHEMES = ("postgresql", "postgresql+psycopg")


def checked_store(store, flag: str = "--store") -> str:
    """A SQLite file path as given; a URL by the rule the audit's ``--db`` applies to a
    PostgreSQL URL (the scheme ``postgresql``, any driver: ``postgresql+psycopg2://``),
    spelled for the store's driver. Any other URL is refused by ``flag``, its password
    masked."""
    from .._checks import check_type
    from .._secrets import looks_like_url, url_text
    from ..sources import mask_url, refuse_malformed_url

    check_type(store, (str, os.PathLike), column=flag, problem="must be a path (a SQLite file) "
               "or a PostgreSQL URL", fix="e.g. 'fairness.sqlite'")  # fmt: skip
    text = str(store)
    if not url_text(text):  # blank, or only invisible characters: a file no one sees
        fix = f"e.g. {flag} fairness.sqlite"
        raise EthicLensInputError("is blank", column=flag, value=text, fix=fix)
    if text.strip() == "-":  # made a SQLite file named '-' (the CLI's standard output)
        problem = "is '-' (standard input or output): a store is a SQLite file or a PostgreSQL URL"
        raise EthicLensInputError(
            problem, column=flag, value=text, fix=f"e.g. {flag} fairness.sqlite"
        )
    if looks_like_url(text):
        # ' postgresql://…' pasted with a space or a zero-width space is still a URL, not a file
        text = url_text(text)
    fix = "spell it postgresql://user@host/db, or give a file path (fairness.sqlite)"
    refuse_malformed_url(text, flag, "URL", fix)
    match = _SCHEME.match(text)
    if match is None:
        check_store_name(text, flag)
        return text
    scheme = match.group(1)
    if scheme.split("+")[0] != "postgresql":
        raise EthicLensInputError(
            f"is a {scheme} URL; a store is a SQLite file or a PostgreSQL database "
            "(postgresql:// or postgresql+DRIVER://, lower case, as --db takes it)",
            column=flag,
            value=mask_url(text),
            fix="give a file path (fairness.sqlite) or a postgresql+psycopg://user@host/db URL",
        )
    if scheme in _STORE_SCHEMES:
        return text
    return "postgresql" + text[len(scheme) :]


def is_store_url(store) -> bool:
    """A PostgreSQL URL rather than a SQLite file; what is no text (None, a number past the
    int-to-text limit, a set) is no URL (:func:`checked_store` refuses it)."""
    if not isinstance(store, (str, os.PathLike)):
        return False
    return str(store).strip().startswith(("postgresql://", "postgresql+psycopg://", "postgres://"))


def _refuse(problem: str, where: str, fix: str = _NEW_STORE_FIX) -> EthicLensInputError:
    return EthicLensInputError(problem, column="--store", value=where, fix=fix)


def canonical_protected(items, columns=None) -> list:
    """``--protected`` items in the one form a store keeps and compares: each read as the
    audit reads it (``spec.parse_protected``: spaces around a reference dropped, its double
    quotes removed; ``columns``: the target's, for a column whose name holds "=") and written
    back as ``COL`` or ``COL=REFERENCE``, the reference in double quotes only where it needs
    them to read back the same (spaces around it, quotes of its own). ``race="White"``
    (a spec file's ``{race: White}``), ``race=White`` and ``race = White`` are one item;
    items the parser refuses are kept as given (the request names the problem)."""
    from ..spec import parse_protected

    items = [str(item) for item in items]
    try:
        cols, refs = parse_protected(items, columns=columns)
    except EthicLensInputError:
        return items
    out = []
    for item, col in zip(items, cols, strict=True):
        forms = [col] if col not in refs else [f"{col}={refs[col]}", f'{col}="{refs[col]}"']
        same = ([col], {col: refs[col]} if col in refs else {})
        out.append(next((f for f in forms if parse_protected([f], columns=columns) == same), item))
    return out


def _given_references(protected, attributes: list) -> dict:
    """{column: reference} a stored request's ``protected`` gives (read as
    :func:`canonical_protected` reads it, so a store written in either form reads the same);
    none where it is no list of text or the parser refuses it."""
    from ..spec import parse_protected

    if not isinstance(protected, list) or not all(isinstance(i, str) for i in protected):
        return {}
    try:
        return parse_protected(protected, columns=attributes or None)[1]
    except EthicLensInputError:
        return {}


def damaged(detail: str, where: str, flag: str = "--store") -> EthicLensInputError:
    """The one refusal of a store whose file or contents are damaged (``flag``: the option
    that named it, ``--store`` or serve's ``--monitor-store``)."""
    return EthicLensInputError(
        f"is damaged ({detail})",
        column=flag,
        value=where,
        fix=f"restore it from a backup, or give a new {flag} to start over",
    )


# What a store's columns hold, as the drivers return them (REAL columns may hold integers);
# anything else (NULL, text in a number column, a number in a text one) is damage.
_NUMBER = (int, float)
_BLOB = (bytes, memoryview)
_NUMBER_OR_NULL = (int, float, type(None))
_STATE_TYPES = (str, str, str, _BLOB)  # key, dtype, shape (JSON), data
# A window's counts as a run stores them: the SHA-256 of its counts table, or "empty" (none).
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")
# What each meta key holds once its JSON is decoded.
_META_TYPES = {
    "app": str,
    "store_version": int,
    "request": dict,
    "created": str,
    "origin_day": _NUMBER,
    "references": dict,
    "reference_source": dict,
    "groups": dict,
    "crossed": dict,
    "baseline_target": dict,
    "held": dict,
    "evidence_windows": dict,
    "request_digest": dict,
    "replay_digest": str,
}
# The settings every run writes (the first run: app to created; every run: the rest).
_REQUIRED_META = (
    "app",
    "store_version",
    "request",
    "created",
    "references",
    "reference_source",
    "groups",
)


class _SQLite:
    """A SQLite file: ``?`` parameters, transactions begun explicitly (autocommit otherwise)."""

    def __init__(self, path: Path, con: sqlite3.Connection):
        self.path, self.con, self.fresh = str(path), con, False
        self.restarted = False  # an empty file a killed first run left: started anew
        self.emptied = False  # an empty file without a journal: started anew, said
        self.missing_table = sqlite3.OperationalError
        self.denied = ()  # a file's rights are the folder's: check_new_store, _read_only

    @classmethod
    def open(cls, path: Path) -> _SQLite:
        if path.exists() and not path.is_file():
            raise _refuse("is not a file", str(path), "name a .sqlite file")
        folder = Path(os.path.realpath(path)).parent if path.is_symlink() else path.parent
        if path.is_symlink() and not path.exists() and os.path.islink(os.path.realpath(path)):
            raise _refuse(
                "is a loop of symbolic links",
                str(path),
                "point the link at a file, or give another --store",
            )
        if not folder.exists():
            fix = as_written_fix(path, f"create {folder} first")
            raise _refuse("its folder does not exist", str(path), fix)
        fresh = not path.exists()
        try:
            if not fresh and path.stat().st_size > 0:
                with open(path, "rb") as fh:
                    if fh.read(16) != b"SQLite format 3\x00":
                        problem = "is not a SQLite file (an EthicLens monitor store)"
                        raise _refuse(problem, str(path))
        except FileNotFoundError:  # removed since it was seen (a refused first run's empty
            fresh = True  # file, _drop_if_empty): no store there, as if never made
        # a first run's journal beside an empty file: its creation was not committed (yet)
        journal = not fresh and Path(f"{path}-journal").exists()
        try:
            # absolute: a name SQLite reads as its own (:memory:, file:NAME) is a file too
            con = sqlite3.connect(path.absolute(), timeout=BUSY_TIMEOUT, isolation_level=None)
        except sqlite3.OperationalError:  # a folder where no file can be created
            raise _read_only(str(path)) from None
        db = cls(path, con)
        db.fresh = fresh
        if not fresh and path.stat().st_size == 0:
            return db._empty_file(path, journal)
        return db

    def _empty_file(self, path: Path, journal: bool = False) -> _SQLite:
        """A 0-byte file at the store's path: a store another run is creating right now (it
        holds the write lock until its first commit, or leaves nothing and removes the file),
        a first run stopped before its first commit (killed: the file and its ``-journal``
        left, no lock held; SQLite removes the journal, the store is started, ``restarted``),
        or an empty file without a journal (a run killed between making the file and its first
        write, ``touch``, a store truncated by a disk or a copy): it holds nothing, so it is an
        empty store, started, ``emptied``, and the run says so (never silently: a history it
        once held is only in a backup)."""
        for _ in range(_EMPTY_TRIES):
            try:  # waits for a run creating the store to commit (or give up)
                self.con.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:  # a run held it for over BUSY_TIMEOUT
                self.con.close()
                raise _busy(str(path)) from None
            self.con.execute("ROLLBACK")
            if not path.exists():  # that run was refused and removed it: start the store
                self.con.close()
                return _SQLite.open(path)
            if path.stat().st_size > 0:
                return self
            if journal:  # nothing committed, no run holds it: no store yet
                self.fresh = self.restarted = True
                return self
            time.sleep(_EMPTY_WAIT)  # (a run between creating the file and locking it)
        self.fresh = self.emptied = True
        return self

    def execute(self, sql: str, params=()):
        return self.con.execute(sql, params)

    def tables(self) -> set[str]:
        return {r[0] for r in self.con.execute("SELECT name FROM sqlite_master")}

    def columns(self, table: str) -> set[str]:
        return {r[1] for r in self.con.execute("SELECT * FROM pragma_table_info(?)", (table,))}

    def begin(self) -> None:
        try:
            self.con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            raise _Busy from None

    def schema(self) -> str:
        return _SCHEMA

    def version(self) -> int:
        """SQLite's ``data_version``: it changes when another connection commits to the file."""
        return self.con.execute("PRAGMA data_version").fetchone()[0]

    def in_transaction(self) -> bool:
        return self.con.in_transaction

    def integrity(self) -> str | None:
        """SQLite's first complaint about the file's pages and b-trees (``quick_check``), or
        None: a damaged page a run's reads miss is still found before anything is shown."""
        first = self.con.execute("PRAGMA quick_check(1)").fetchone()[0]
        if first == "ok":
            return None
        # one line: without the "*** in database main ***" header SQLite puts above it
        return "; ".join(line for line in first.splitlines() if not line.startswith("***"))


def _busy(where: str) -> EthicLensInputError:
    return _refuse(
        f"is busy: another run has held it for over {BUSY_TIMEOUT:g} s",
        where,
        "wait for the other monitor run to finish (one run at a time per store), then rerun",
    )


def _read_only(where: str) -> EthicLensInputError:
    return _refuse(
        "cannot be written: the file or its folder is read-only",
        where,
        "make the store and its folder writable, or give another --store",
    )


def check_new_store(store) -> None:
    """Refuse, before any work, a SQLite store that does not exist yet and cannot be created
    there (its folder read-only, or a file where its folder should be); an existing store's
    problems are SQLite's to report when it is opened."""
    if store is None or is_store_url(store):
        return
    path = Path(store)
    if path.exists() or path.is_symlink():
        return
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise _refuse(
            f"its folder {folder} is a file, not a folder", str(path), "give another --store"
        )
    if not folder.is_dir():
        return  # Store.open names the missing folder
    try:  # root passes os.access everywhere: try for real
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError:
        raise _read_only(str(path)) from None


def _sqlite_refusal(exc: sqlite3.DatabaseError, where: str) -> EthicLensInputError | None:
    """SQLite's error about the store file as one line: busy (another program holds a lock),
    read-only, or damaged (truncated, overwritten: SQLite cannot read its pages)."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return _busy(where)
    if "readonly" in text:
        return _read_only(where)
    if any(word in text for word in _DAMAGED):
        return damaged(f"SQLite: {text}", where)
    return None  # a program error, not the file's: its traceback is the report


# SQLite's words for a file it cannot read as a database
_DAMAGED = ("malformed", "not a database", "disk I/O error", "database corrupt")


class _Busy(Exception):
    """Another run held the store for longer than ``BUSY_TIMEOUT``."""


# PostgreSQL's text holds no NUL: each text written and read through the one encoding
# (_text.to_postgres_text), as the web history's store does
def _decoded_rows(cursor):
    """psycopg's tuple rows, each text read as it was written (:func:`_to_postgres`)."""
    return lambda values: tuple(_from_postgres(v) for v in values)


# every relation of the schema: a sequence or index named meta or windows takes the name that
# CREATE TABLE IF NOT EXISTS then skips (the run ended in 'column "value" does not exist')
_PG_RELATIONS = (
    "SELECT c.relname, c.oid, c.relkind FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
    " ON c.relnamespace = n.oid WHERE n.nspname = %s"
)


class _Postgres:
    """A PostgreSQL database through psycopg: ``?`` parameters rewritten to ``%s``, the tables in
    one schema, a transaction-scoped advisory lock per run (autocommit otherwise); texts with a
    NUL stored encoded (:func:`_to_postgres`)."""

    def __init__(self, url: str, read_only: bool = False):
        from .._optional import connect_postgres, require
        from .._secrets import mask_url, scrub

        psycopg = require("psycopg", extra="sql")
        self.path = mask_url(url)
        conninfo, self.schema_name = _split_schema(url, self.path)
        self.con = connect_postgres(
            psycopg,
            conninfo,
            _decoded_rows,
            lambda first: _refuse(
                f"cannot connect: {scrub(first, url)}",
                self.path,
                "check the PostgreSQL URL (user, host, database) and that the server runs",
            ),
        )
        self.missing_table = psycopg.errors.UndefinedTable
        self.busy = (psycopg.errors.LockNotAvailable,)
        self.denied = (psycopg.errors.InsufficientPrivilege,)
        if read_only:  # every transaction of this session refuses to write
            self.con.execute("SET default_transaction_read_only = on")
        else:
            self._ensure_schema(psycopg)
        self._check_usage()
        self.con.execute(f'SET search_path TO "{self.schema_name}"')
        self.fresh = not self.tables() & set(TABLES)

    def _ensure_schema(self, psycopg) -> None:
        """Create the store's schema where it does not exist. PostgreSQL checks the right to
        create schemas in the database before ``IF NOT EXISTS``: an existing schema (one the
        role owns, created by an administrator) is used as it is, a missing one that the role
        may not create is refused in one line."""
        found = "SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = %s"
        if self.con.execute(found, (self.schema_name,)).fetchone() is not None:
            return
        try:
            self.con.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema_name}"')
        except psycopg.errors.InsufficientPrivilege:
            raise _refuse(
                f"the schema {self.schema_name} does not exist and this role may not create it "
                "(no CREATE on the database)",
                self.path,
                f'ask the database owner to run CREATE SCHEMA "{self.schema_name}" '
                "AUTHORIZATION <this role>, or give ?schema= of a schema the role owns",
            ) from None

    def _check_usage(self) -> None:
        """Refuse a schema that exists but this role has no USAGE on: PostgreSQL leaves it out
        of the search_path silently (its tables 'do not exist', a new one 'no schema has been
        selected to create in'), while pg_catalog still lists its tables."""
        usage = self.con.execute(
            "SELECT has_schema_privilege(oid, 'USAGE') FROM pg_catalog.pg_namespace"
            " WHERE nspname = %s",
            (self.schema_name,),
        ).fetchone()
        if usage is not None and not usage[0]:
            self.con.close()
            raise _denied(f"permission denied for schema {self.schema_name}", self)

    def execute(self, sql: str, params=()):
        return self.con.execute(sql.replace("?", "%s"), [_to_postgres(p) for p in params])

    # From pg_catalog, not information_schema: the latter hides the tables and columns this
    # role has no right on, and a store it may not read was called foreign or damaged.
    def tables(self) -> set[str]:
        rows = self.con.execute(_PG_RELATIONS, (self.schema_name,))
        return {r[0] for r in rows}

    def columns(self, table: str) -> set[str]:
        rows = self.con.execute(
            "SELECT a.attname FROM pg_catalog.pg_attribute a JOIN (" + _PG_RELATIONS + ") c"
            " ON a.attrelid = c.oid WHERE c.relname = %s AND a.attnum > 0"
            " AND c.relkind IN ('r', 'p', 'v', 'm', 'f')"
            " AND NOT a.attisdropped",
            (self.schema_name, table),
        )
        return {r[0] for r in rows}

    def begin(self) -> None:
        self.con.execute("BEGIN")
        self.con.execute(f"SET LOCAL lock_timeout = '{int(BUSY_TIMEOUT * 1000)}ms'")
        try:  # one run at a time per schema, as SQLite's write lock does per file
            self.con.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self.schema_name,))
        except self.busy:
            self.con.execute("ROLLBACK")
            raise _Busy from None

    def schema(self) -> str:
        return _SCHEMA.replace("REAL", "DOUBLE PRECISION").replace("BLOB", "BYTEA")

    def integrity(self) -> None:
        """PostgreSQL keeps its own pages intact: nothing to check here."""

    def version(self) -> None:
        """No cheap sign of another session's commit: the replay digest is compared instead."""

    def in_transaction(self) -> bool:
        return self.con.info.transaction_status != 0  # psycopg.pq.TransactionStatus.IDLE


def _denied(exc: Exception | str, db: _Postgres) -> EthicLensInputError:
    """PostgreSQL's refusal of this role's read or write in the store's schema, in one line."""
    said = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return _refuse(
        f"this role may not use the schema {db.schema_name} as a store (PostgreSQL: {said})",
        db.path,
        f'ask the database owner to GRANT USAGE, CREATE ON SCHEMA "{db.schema_name}" and the '
        "rights on its tables to this role, or give ?schema= of a schema the role owns",
    )


def _split_schema(url: str, shown: str) -> tuple[str, str]:
    """(a libpq connection URL, the schema): SQLAlchemy's ``+psycopg`` and ``?schema=`` go."""
    scheme, rest = str(url).split("://", 1)
    base, _, query = rest.partition("?")
    params = urllib.parse.parse_qsl(query, keep_blank_values=True)
    given = [v for k, v in params if k == "schema"]
    schema = given[-1] if given else PG_SCHEMA
    problem = None
    if len(given) > 1:
        problem = f"it names {len(given)} schemas (schema= given {len(given)} times)"
    elif not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", schema):
        problem = "its schema must be a lower-case name (letters, digits, _)"
    elif schema.startswith("pg_") or schema == "information_schema":
        problem = f"its schema {schema} is PostgreSQL's own (pg_..., information_schema)"
    if problem:
        raise _refuse(problem, shown, "e.g. ?schema=monitor_model_a")
    # quote, not quote_plus: libpq reads no + as a space (options=-c search_path=x was +search_path)
    kept = urllib.parse.urlencode(
        [(k, v) for k, v in params if k != "schema"], quote_via=urllib.parse.quote
    )
    return "postgresql://" + base + (f"?{kept}" if kept else ""), schema


class Store:
    """A monitor store (create with ``Store.open(path_or_url)``)."""

    def __init__(self, path, con: sqlite3.Connection, flag: str = "--store"):
        self.db = _SQLite(Path(path), con)
        self.path, self.flag = self.db.path, flag

    @classmethod
    def open(cls, path, *, read_only: bool = False) -> Store:
        """The SQLite file at ``path`` or the PostgreSQL database at the URL ``path``
        (``read_only``: PostgreSQL only, for readers such as ``read_store``)."""
        store = cls.__new__(cls)
        store.flag = "--store"
        path = checked_store(path)  # a URL by the --db rule, its password masked in refusals
        if is_store_url(path):
            store.db = _Postgres(str(path), read_only)
        else:
            store.db = _SQLite.open(Path(path))
        store.path = store.db.path
        if read_only or not store.db.fresh:  # a reader's new store: refused as no monitor store
            try:
                store._check_foreign()
                store.check_intact()
            except sqlite3.DatabaseError as exc:  # locked by another program, or damaged
                store.db.con.close()
                raise (_sqlite_refusal(exc, store.path) or exc) from None
            except store.db.denied as exc:
                store.db.con.close()
                raise _denied(exc, store.db) from None
            except EthicLensInputError:
                store.db.con.close()
                raise
        return store

    @property
    def kind(self) -> str:
        return "PostgreSQL schema" if isinstance(self.db, _Postgres) else "SQLite file"

    def _check_foreign(self, refuse=None) -> None:
        refuse = refuse or self._refusal  # (problem, fix) -> the refusal (read_store: its own)
        # another program's table named meta (no key and value columns) is no damaged store
        tables = self.db.tables()
        if (
            "meta" not in tables
            or not {"key", "value"} <= self.db.columns("meta")
            or self._app() != APP_ID
        ):
            raise refuse(f"is a {self.kind} that is not an EthicLens monitor store")
        version = int(self.meta("store_version") or 0)
        if version > STORE_VERSION:
            raise refuse(
                f"was written by a newer EthicLens (store version {version})", "upgrade EthicLens"
            )

    def _app(self):
        """meta 'app' as stored; None where it is no JSON text: another program's key/value
        table named meta holding app = hello (or a number, or NULL) is not a damaged store."""
        rows = self.db.execute("SELECT value FROM meta WHERE key = ?", ("app",)).fetchall()
        try:
            return json.loads(rows[0][0]) if rows else None
        except (TypeError, ValueError):
            return None

    def _refusal(self, problem: str, fix: str = _NEW_STORE_FIX) -> EthicLensInputError:
        return _refuse(problem, self.path, fix)

    def check_intact(self) -> None:
        """Refuse a store whose pages are damaged, that lacks one of its tables, or whose
        settings (meta), evidence state or results do not decode to what a run writes (a
        result's keys and types: ``_shape.RESULT``; a window's counts fingerprint), or whose
        tables disagree (a result or alarm without its window, a comparison missing results),
        or whose evidence state or results its stored counts do not give (``_verify``); the
        values in the windows, results, alarms and runs are checked again as they are
        read."""
        complaint = self.db.integrity()
        if complaint is not None:
            raise self.damaged(f"SQLite: {complaint}")
        missing = [t for t in TABLES if t not in self.db.tables()]
        if missing:
            raise self.damaged(f"its table(s) {', '.join(missing)} are missing")
        self._check_settings()
        states = self._check_state()
        results = self.results()  # every result decodes and holds what a run writes
        self._check_consistency()
        self._check_windows()
        self._check_references()
        self._check_groups()
        self._check_evidence(states, results)
        self._check_replay(states, results)
        self._check_rows(results)
        self._check_alarms(results)

    def _check_settings(self) -> None:
        """Every setting a run writes is there and decodes to what its key holds, and the
        store version is one an EthicLens wrote (a newer one is refused before this)."""
        keys = {key for (key,) in self._rows("SELECT key FROM meta", types=((str,),)) or []}
        missing = [key for key in _REQUIRED_META if key not in keys]
        if missing:
            raise self.damaged(f"its setting(s) {', '.join(missing)} are missing")
        for key in sorted(keys):
            self.meta(key)
        version = self.meta("store_version")
        if version < 1:
            raise self.damaged(f"meta 'store_version' is {version}, not a store version")

    def _check_consistency(self) -> None:
        """The tables agree, checked by SQL counts (a store's size never makes this slow):
        every result and alarm has its window, every window its run; every comparison with
        evidence state has results, and results for every window stored since its first
        one."""
        for table in ("results", "alarms"):
            (orphan,) = self._one(
                f'SELECT min("window") FROM {table} '
                'WHERE "window" NOT IN (SELECT "window" FROM windows)'
            )
            if orphan is not None:
                raise self.damaged(f"{table} of window {orphan}, which the windows lack")
        unrun = self._one(
            'SELECT min("window"), min(run) FROM windows WHERE run NOT IN (SELECT run FROM runs)'
        )
        if unrun is not None and unrun[0] is not None:
            raise self.damaged(f"window {unrun[0]} of run {unrun[1]}, which the runs lack")
        self._refuse_found(
            _UNPAIRED, lambda a, group, what: f"the comparison {a}={_short(group)} has no {what}"
        )
        self._refuse_found(
            _SHORT_COMPARISON,
            lambda a, group, held, due: (
                f"the comparison {a}={_short(group)} has results for {held} of its "
                f"{plural(due, 'window', grouped=False)}"
            ),
        )

    def _check_windows(self) -> None:
        """The windows' numbers run without a gap, each with its rows (never below 0, none
        exactly when its status is NO_ROWS) and its span, in time order: a day window where
        its number puts it, a row window holding its N rows."""
        from ._windows import parse_window

        self.windows()  # each column holds what it should (a number, a text)
        self._refuse_found(
            'SELECT "window", rows, status FROM windows WHERE rows < 0 OR status NOT IN '
            "('PROCESSED', 'NO_ROWS') OR (rows = 0) <> (status = 'NO_ROWS') "
            'ORDER BY "window" LIMIT 1',
            lambda w, rows, status: (
                f"windows: window {w} has {plural(rows, 'row', grouped=False)}"
                + ("" if rows < 0 else f" and status {status!r}")
            ),
        )
        n, first, last = self._one('SELECT count(*), min("window"), max("window") FROM windows')
        if n and last - first + 1 != n:
            raise self.damaged(f"windows: {n} windows numbered {first} to {last} (a gap)")
        self._check_absorbed(first, last)
        self._refuse_found(
            'SELECT w."window", w.start, w."end" FROM windows w LEFT JOIN windows p '
            'ON p."window" = w."window" - 1 WHERE NOT (w.start <= w."end") '
            'OR p."end" > w.start ORDER BY w."window" LIMIT 1',
            lambda w, start, end: (
                f"windows: window {w} starts at {start!r} and ends at {end!r}, out of time order"
            ),
        )
        request, origin = self.meta("request") or {}, self.meta("origin_day")
        try:
            window = parse_window(request.get("window"))
        except EthicLensInputError:
            shown = request.get("window")
            raise self.damaged(f"meta 'request' holds the window {shown!r}") from None
        if window.kind == "rows":
            self._refuse_found(
                'SELECT "window", rows FROM windows WHERE rows <> ? LIMIT 1',
                lambda w, rows: (
                    f"windows: window {w} has {plural(rows, 'row', grouped=False)}, not "
                    f"{window.size}"
                ),
                (int(window.size),),
            )
        elif n and origin is not None:
            size = int(window.size) * 86400
            self._refuse_found(
                'SELECT "window", start, "end" FROM windows WHERE abs(start - '
                '(? + "window" * ?)) > 1e-6 OR abs("end" - start - ?) > 1e-6 '
                'ORDER BY "window" LIMIT 1',
                lambda w, start, end: (
                    f"windows: window {w} starts at {start!r} and ends at "
                    f"{end!r}, not where day window {w} lies"
                ),
                (float(origin) * 86400, float(size), float(size)),  # doubles: no integer overflow
            )

    def _check_absorbed(self, first, last) -> None:
        """The windows the evidence state absorbed (meta ``evidence_windows``, written by every
        run since it was added; a store written before has none) are the windows stored: a
        window deleted by hand would be absorbed twice when it came again."""
        absorbed = self.meta("evidence_windows")
        if absorbed is None:
            return
        span = (absorbed["first"], absorbed["last"])
        if span != (first, last):
            held = "no window" if first is None else f"windows {first} to {last}"
            raise self.damaged(
                f"its evidence absorbed windows {span[0]} to {span[1]}, but the windows table "
                f"holds {held}"
            )

    def _check_groups(self) -> None:
        """The groups seen (meta ``groups``) are the groups compared: each attribute's groups
        less its reference are those its results (and evidence state) hold, so a group
        dropped from the settings is never left out of a run's windows."""
        groups, refs = self.meta("groups") or {}, self.meta("references") or {}
        compared: dict[str, set] = {}
        pairs = self._rows("SELECT DISTINCT attribute, grp FROM results", types=(str, str))
        for a, g in pairs or []:
            compared.setdefault(a, set()).add(g)
        for a in sorted(set(compared) | set(groups)):
            held = groups.get(a, [])
            if not isinstance(held, list) or not all(isinstance(g, str) for g in held):
                raise self.damaged(f"meta 'groups' holds {_short(str(held))} for {a}")
            lacking = sorted(compared.get(a, set()) - set(held))
            if lacking:
                raise self.damaged(
                    f"meta 'groups' of {a} lacks {_short(lacking[0])}, a group its results compare"
                )
            extra = sorted(set(held) - {refs.get(a)} - compared.get(a, set()))
            if a not in refs and len(held) < 2 and not compared.get(a):
                continue  # the one group seen so far, waiting for a second to pick the reference
            if extra:
                raise self.damaged(
                    f"meta 'groups' of {a} holds {_short(extra[0])}, a group without results"
                )

    def _check_evidence(self, states: dict, results: list) -> None:
        """Each comparison's evidence state gives the log e-values its last stored result
        holds (the state after the last window): a state reset or edited by hand would
        restart or change the evidence every later run reports."""
        last = {(a, g): (w, body) for w, a, g, body in results}  # window order per comparison
        nulls = Evidence(labels=True).nulls
        for (a, g), (w, body) in sorted(last.items()):
            state = states.get((a, g), {})
            for test, value in sorted(body["tests"].items()):
                prefix = "base.bet." if test.startswith("baseline_") else "bet."
                names = nulls.get(test.removeprefix("baseline_"), [])
                keys = [f"{prefix}{null.name}.log_wealth" for null in names]
                if not keys or not all(k in state for k in keys):
                    continue  # (a missing key is refused by _check_state_keys)
                held = float(log_mean_exp([state[k] for k in keys]))
                if not math.isclose(held, value["log_e_value"], rel_tol=1e-9, abs_tol=1e-9):
                    raise self.damaged(
                        f"the evidence state of {a}={_short(g)} gives its {test} test the log "
                        f"e-value {held:.6g}, but its result of window {w}, the last, holds "
                        f"{value['log_e_value']:.6g}"
                    )

    def _check_replay(self, states: dict, results: list) -> None:
        """The evidence replayed from the stored counts (``_verify``) gives every result's
        log e-values and sequence bounds and every key of the saved state."""
        request = self.meta("request") or {}
        digest, current = self.meta("replay_digest"), self.replay_digest()
        if digest != current:  # (else what the last run wrote, untouched: replayed then)
            problem = replay_problem(request, states, results)
            if problem:
                self.check_request_digest(request)  # a setting edited is named first
                raise self.damaged(problem)
        self._checked = (current, self.db.version())  # what this opening found sound

    def _check_rows(self, results: list) -> None:
        """Each window's rows are the rows its results count: every row is in one group of
        each attribute (a missing group value is refused), so an attribute's reference rows
        and its compared groups' add up to the window's. Not checked where groups are
        excluded or binned (rows may be left out of an attribute)."""
        request = self.meta("request") or {}
        if request.get("exclude_groups") or request.get("bins"):
            return
        windows = self.windows()
        counted: dict[tuple[int, str], float] = {}
        for w, a, _, body in results:
            reference, group = body["counts"]["reference"]["n"], body["counts"]["group"]["n"]
            counted[(w, a)] = counted.get((w, a), reference) + group
        for (w, a), n in sorted(counted.items()):
            rows = windows[w]["rows"]  # (a result's window is there: _check_consistency)
            if rows != n:
                raise self.damaged(
                    f"windows: window {w} has {plural(rows, 'row')}, but its results count "
                    f"{n:,.0f} rows of {a}'s groups"
                )

    def _check_references(self) -> None:
        """Each attribute's reference is one of its groups, the one the request gave when it
        gave one, and never compared with itself; every compared attribute has one."""
        refs, groups = self.meta("references"), self.meta("groups")
        request = self.meta("request") or {}
        given = _given_references(request.get("protected"), list(refs))
        for a, ref in sorted(refs.items()):
            if not isinstance(ref, str):
                raise self.damaged(f"meta 'references' holds {ref!r} for {a}")
            if a in given and ref != given[a]:
                raise self.damaged(
                    f"meta 'references' names {_short(ref)} for {a}, but the request gave "
                    f"{_short(given[a])}"
                )
            if not isinstance(groups.get(a), list) or ref not in groups[a]:
                raise self.damaged(f"meta 'references' names {_short(ref)}, not a group of {a}")
            for table in ("results", "state"):
                held = f"SELECT 1 FROM {table} WHERE attribute = ? AND grp = ? LIMIT 1"
                if self._rows(held, (a, ref)):
                    raise self.damaged(
                        f"meta 'references' names {_short(ref)} for {a}, a group its {table} "
                        "compare with the reference"
                    )
        compared = self._rows("SELECT DISTINCT attribute FROM results", types=((str,),)) or []
        for (a,) in compared:
            if a not in refs:
                raise self.damaged(f"meta 'references' has no reference for {a}")

    def _check_alarms(self, results: list) -> None:
        """Each test has an alarm exactly when its stored e-value reached the alarm level
        (1/alpha; a baseline test's 2/alpha), in the window where it first did, with that
        e-value: an alarm deleted, added or moved by hand would change what every later run
        reports."""
        alpha = (self.meta("request") or {}).get("alpha")
        if type(alpha) not in (int, float) or not 0 < alpha < 1:
            return  # the request's own check refuses it (check_stored_numbers)
        levels = {1: math.log(1 / alpha), 2: math.log(2 / alpha)}  # as a run compares them
        due: dict[tuple[str, str, str], dict] = {}
        for w, a, g, body in results:  # in window order per comparison
            for test, value in body["tests"].items():
                level = levels[2 if test.startswith("baseline_") else 1]
                if (a, g, test) not in due and value["log_e_value"] >= level:
                    due[(a, g, test)] = {"window": w, "log_e_value": value["log_e_value"]}
        held = self.alarms()
        for key in sorted(set(due) | set(held)):
            a, g, test = key
            what = f"the {test} test of {a}={_short(g)}"
            level = "2/alpha" if test.startswith("baseline_") else "1/alpha"
            first, alarm = due.get(key), held.get(key)
            if alarm is None:
                raise self.damaged(
                    f"alarms lack {what}: its e-value reached {level} in window {first['window']}"
                )
            if first is None:
                raise self.damaged(
                    f"alarms hold {what} in window {alarm['window']}, but its e-value "
                    f"never reached {level}"
                )
            if alarm["window"] != first["window"] or not math.isclose(
                alarm["log_e_value"], first["log_e_value"], rel_tol=1e-9, abs_tol=1e-12
            ):
                raise self.damaged(
                    f"alarms hold {what} in window {alarm['window']} (log e-value "
                    f"{alarm['log_e_value']:.6g}), but its e-value first reached {level} in "
                    f"window {first['window']} (log e-value {first['log_e_value']:.6g})"
                )

    def _one(self, sql: str, params: tuple = ()):
        rows = self._rows(sql, params)
        return rows[0] if rows else None

    def _refuse_found(self, sql: str, detail, params: tuple = ()) -> None:
        """Refuse the store as damaged where ``sql`` finds a row, ``detail(*row)`` saying how."""
        if (row := self._one(sql, params)) is not None:
            raise self.damaged(detail(*row))

    def damaged(self, detail: str) -> EthicLensInputError:
        """This store's refusal as damaged (:func:`damaged`)."""
        return damaged(detail, self.path, self.flag)

    # -- transactions ----------------------------------------------------------------------
    def begin(self) -> None:
        try:
            self.db.begin()
        except _Busy:
            raise _busy(self.path) from None
        for statement in self.db.schema().split(";"):
            if statement.strip():
                self.db.execute(statement)
        self._unchanged = self._as_checked()  # (read under the lock: record_replayed)

    def commit(self) -> None:
        self.db.execute("COMMIT")

    @contextlib.contextmanager
    def transaction(self):
        """One run: the store locked (``begin``), then every write committed, or none (an
        error rolls all back; a store that cannot be written is refused in one line)."""
        try:
            self.begin()
            yield self
            self.commit()
        except BaseException as exc:
            with contextlib.suppress(sqlite3.DatabaseError):  # a damaged file may not roll back
                self.rollback()
            refusal = isinstance(exc, sqlite3.DatabaseError) and _sqlite_refusal(exc, self.path)
            if isinstance(exc, self.db.denied):
                refusal = _denied(exc, self.db)
            if refusal:
                raise refusal from None
            raise

    def rollback(self) -> None:
        if self.db.in_transaction():
            self.db.execute("ROLLBACK")

    def close(self) -> None:
        self.rollback()
        self.db.con.close()

    def _rows(self, sql: str, params=(), types=()) -> list | None:
        """The rows of a read, each value checked against ``types`` (one tuple of accepted
        types per selected column); None before the first run has created the tables. In a
        store that a run wrote, a missing table or column is damage."""
        try:
            rows = self.db.execute(sql, params).fetchall()
        except self.db.missing_table as exc:
            if self.db.fresh:
                return None
            if not isinstance(exc, sqlite3.OperationalError) or "no such" in str(exc):
                raise self.damaged(f"{str(exc).strip().splitlines()[0]}") from None
            raise
        columns = _selected(sql) if types and rows else ()  # (parsed once per read)
        for row in rows if types else ():
            for value, accepted, column in zip(row, types, columns, strict=True):
                if not isinstance(value, accepted) or isinstance(value, bool):
                    held = "NULL" if value is None else f"a {type(value).__name__}"
                    raise self.damaged(f"{column} holds {held}")
        return rows

    def _decoded(self, text: str, what: str, kind):
        """The JSON ``text`` of ``what``, which must decode to a ``kind``."""
        try:
            value = json.loads(text)
        except ValueError:
            raise self.damaged(f"{what} is not JSON") from None
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not object):
            raise self.damaged(f"{what} holds a {type(value).__name__}")
        return value

    # -- meta --------------------------------------------------------------------------------
    def meta(self, key: str):
        rows = self._rows("SELECT value FROM meta WHERE key = ?", (key,), (str,))
        if not rows:
            return None
        value = self._decoded(rows[0][0], f"meta {key!r}", _META_TYPES.get(key, object))
        problem = meta_problem(key, value)
        if problem:
            raise self.damaged(f"meta {key!r} {problem}")
        return value

    def check_request_digest(self, request: dict) -> None:
        """Each setting of the stored ``request`` is the one the store was created with: it
        matches its digest stored beside it (``request_digest``; a store written before has
        none, and a setting a store written before lacks, such as the draws, is not asked
        for). Checked by the request's readers after its own checks
        (``check_stored_numbers``), which name a number no run writes more exactly."""
        digests = self.meta("request_digest")
        if digests is None or not isinstance(request, dict):
            return
        for key, digest in sorted(request_digest(request).items()):
            if digests.get(key) != digest:
                shown = json.dumps(request[key])
                shown = shown if len(shown) <= 40 else masked_cut(shown, 39) + "…"
                raise self.damaged(
                    f"meta 'request' holds the {key} {shown}, not the one the store was "
                    "created with (meta 'request_digest')"
                )

    def set_meta(self, key: str, value) -> None:
        """Write one setting; the request with its digest (``request_digest``, checked when
        the store is opened: a request edited by hand is refused as damage)."""
        self.db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value)),
        )
        if key == "request":
            self.set_meta("request_digest", request_digest(value))

    # -- windows -----------------------------------------------------------------------------
    def windows(self) -> dict[int, dict]:
        rows = self._rows(
            'SELECT "window", start, "end", rows, status, counts FROM windows ORDER BY "window"',
            types=(int, _NUMBER, _NUMBER, int, str, str),
        )
        for w, *_, counts in rows or []:
            if counts != "empty" and not _FINGERPRINT.fullmatch(counts):
                raise self.damaged(
                    f"counts of window {w} is {_short(counts)}, not the fingerprint of its "
                    "counts (64 hex digits, or 'empty')"
                )
        return {
            w: {"start": s, "end": e, "rows": n, "status": st, "counts": c}
            for w, s, e, n, st, c in rows or []
        }

    def record_absorbed(self) -> None:
        """Record the windows the evidence state has absorbed (all the stored ones): checked
        against the windows table when the store is opened (``_check_absorbed``)."""
        first, last = self._one('SELECT min("window"), max("window") FROM windows')
        if first is not None:
            self.set_meta("evidence_windows", {"first": first, "last": last})

    def replay_digest(self) -> str:
        """The SHA-256 of all the replay reads (the stored request, every result and every
        evidence state's bytes): a run writes it last (meta ``replay_digest``) and a store
        whose digest is still this one is not replayed again when opened, so opening costs a
        hash of the history, not its evidence recomputed window by window (which a hand edit
        of a result, a state or the request changes, so the full replay then names it)."""
        digest = hashlib.sha256()
        queries = (
            "SELECT value FROM meta WHERE key = 'request'",
            'SELECT "window", attribute, grp, body FROM results ORDER BY "window", attribute, grp',
            "SELECT attribute, grp, key, dtype, shape, data FROM state "
            "ORDER BY attribute, grp, key",
        )
        for sql in queries:
            digest.update(b"\x00table")
            for row in self._rows(sql) or []:
                for value in row:
                    part = bytes(value) if isinstance(value, _BLOB) else str(value).encode()
                    digest.update(len(part).to_bytes(8, "little") + part)
        return digest.hexdigest()

    def record_replayed(self) -> None:
        """Record the digest of what this run wrote (``replay_digest``), checked when the store
        is opened next (``_check_replay``); only where the store held, once this run locked it,
        what its opening checked (``_as_checked``): a store changed in between (another run's
        or a hand edit while this run waited for the lock) loses its digest, so the next run
        replays it in full rather than take the change for replayed."""
        if self.__dict__.get("_unchanged"):
            self.set_meta("replay_digest", self.replay_digest())
        else:
            self.db.execute("DELETE FROM meta WHERE key = 'replay_digest'")

    def _as_checked(self) -> bool:
        """The store, now locked, holds what opening it checked (a new one: still nothing)."""
        checked = self.__dict__.get("_checked")
        if checked is None:  # not opened by Store.open, or a new store: another run's meta?
            return self.db.fresh and self._one("SELECT count(*) FROM meta")[0] == 0
        digest, version = checked
        return (version is not None and version == self.db.version()) or (
            digest == self.replay_digest()
        )

    def add_window(self, window, start, end, rows, status, counts: str, run: int) -> None:
        self.db.execute(
            'INSERT INTO windows ("window", start, "end", rows, status, counts, run) '
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (int(window), float(start), float(end), int(rows), status, counts, run),
        )

    def add_result(self, window, attribute, group, body: dict) -> None:
        self.db.execute(
            'INSERT INTO results ("window", attribute, grp, body) VALUES (?, ?, ?, ?)',
            (int(window), attribute, group, json.dumps(body, allow_nan=False)),
        )

    def results(self) -> list[tuple[int, str, str, dict]]:
        rows = self._rows(
            'SELECT "window", attribute, grp, body FROM results ORDER BY attribute, grp, "window"',
            types=(int, str, str, str),
        )
        return [(w, a, g, self._result(w, a, g, b)) for w, a, g, b in rows or []]

    def _result(self, window: int, attribute: str, group: str, text: str) -> dict:
        """One stored result, decoded and holding the keys and types a run writes
        (``RESULT``)."""
        where = f"result of window {window}"
        body = self._decoded(text, where, dict)
        # a text this store has checked already (opening it, then the report) decodes alike
        shaped = self.__dict__.setdefault("_shaped", set())
        if text in shaped:
            return body
        problem = shape_problem(body) or counts_problem(body)
        if problem:
            raise self.damaged(f"{where} {problem}; the comparison {attribute}={_short(group)}")
        shaped.add(text)
        return body

    # -- evidence state ------------------------------------------------------------------------
    def save_state(self, attribute: str, group: str, arrays: dict[str, np.ndarray]) -> None:
        for key, value in arrays.items():
            value = np.array(value, order="C")
            dtype = value.dtype.newbyteorder("<").str
            shape, data = json.dumps(value.shape), value.astype(dtype).tobytes()
            self.db.execute(
                "INSERT INTO state (attribute, grp, key, dtype, shape, data) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (attribute, grp, key) DO UPDATE SET "
                "dtype = excluded.dtype, shape = excluded.shape, data = excluded.data",
                (attribute, group, key, dtype, shape, data),
            )

    def load_state(self, attribute: str, group: str) -> dict[str, np.ndarray] | None:
        rows = self._rows(
            "SELECT key, dtype, shape, data FROM state WHERE attribute = ? AND grp = ?",
            (attribute, group),
            _STATE_TYPES,
        )
        return {key: self._array(key, *rest) for key, *rest in rows} if rows else None

    def _check_state(self) -> dict:
        """Every stored array decodes to the type a run writes (checked when the store is
        opened, so a reader that never loads the state refuses its damage as a run would);
        returns {(attribute, group): {key: array}}."""
        rows = self._rows(
            "SELECT attribute, grp, key, dtype, shape, data FROM state",
            types=(str, str, *_STATE_TYPES),
        )
        states: dict[tuple[str, str], dict] = {}
        for attribute, group, *row in rows or []:
            value = self._array(*row, owner=f" of {attribute}={_short(group)}")
            key = row[0]
            states.setdefault((attribute, group), {})[key] = value
            if value.dtype.kind != "f" or key.startswith("base."):
                continue  # (a baseline's state holds NaN and ∞ until it is complete)
            # a sequence's log capital may fall to -∞; nothing else leaves the finite numbers
            allowed = ~np.isnan(value) & (value != np.inf)
            if not key.endswith((".log_kp", ".log_km")):
                allowed &= np.isfinite(value)
            if not allowed.all():
                shown = float(value[~allowed].flat[0])
                raise self.damaged(
                    f"state {key!r} of {attribute}={_short(group)} holds {shown!r}, not a "
                    "finite number"
                )
        self._check_state_keys({pair: set(arrays) for pair, arrays in states.items()})
        return states

    def _check_state_keys(self, found: dict) -> None:
        """Each comparison's state holds the keys a run writes (``state_keys``): the
        evidence's; with a baseline its pooled counts; once it is complete its bets. None is
        missing (a run would fail to load it) and there is no other."""
        if not found:
            return
        labels = (self.meta("request") or {}).get("y_true") is not None
        evidence, pooled, bets = state_keys(labels)
        for (attribute, group), keys in sorted(found.items()):
            expected = set(evidence)
            if keys & (pooled | bets):
                expected |= pooled
            if keys & bets:
                expected |= bets
            where = f"state of group {attribute}={_short(group)}"
            missing = sorted(expected - keys)
            if missing:
                raise self.damaged(f"{where} lacks {missing[0]!r}")
            other = sorted(keys - expected)
            if other:
                raise self.damaged(f"{where} holds an unexpected key {_short(other[0])}")

    def _array(self, key: str, dtype: str, shape: str, data, owner: str = "") -> np.ndarray:
        """One stored array: raw little-endian bytes of the dtype a run writes for ``key`` (a
        confidence sequence's ``out``: booleans; every other: doubles) in the stored shape
        (``owner``: its comparison, as a refusal names it)."""
        expected = "|b1" if key.endswith(".out") else "<f8"
        if dtype != expected:
            raise self.damaged(
                f"state {key!r}{owner} holds an array of type {_short(dtype)}, not {expected!r}"
            )
        shape = self._decoded(shape, f"the shape of state {key!r}", list)
        try:
            return np.frombuffer(bytes(data), dtype=dtype).reshape(shape).copy()
        except (TypeError, ValueError):
            raise self.damaged(f"state {key!r} does not fit its shape") from None

    # -- alarms and runs -------------------------------------------------------------------------
    def alarms(self) -> dict[tuple[str, str, str], dict]:
        rows = self._rows(
            'SELECT attribute, grp, test, "window", log_e_value FROM alarms',
            types=(str, str, str, int, _NUMBER),
        )
        return {(a, g, t): {"window": w, "log_e_value": v} for a, g, t, w, v in rows or []}

    def add_alarm(self, attribute, group, test, window, log_e, run) -> None:
        self.db.execute(
            'INSERT INTO alarms (attribute, grp, test, "window", log_e_value, run) '
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (attribute, group, test, int(window), float(log_e), run),
        )

    def next_run(self) -> int:
        rows = self._rows("SELECT max(run) FROM runs", types=((int, type(None)),))
        return int(rows[0][0] or 0) + 1 if rows else 1

    def add_run(self, run, at, target, new_windows, t_max) -> None:
        """Record a run; ``t_max`` kept as the latest time the store has seen: a run given an
        older batch (its windows stored already) does not move it back."""
        rows = self._rows("SELECT max(t_max) FROM runs", types=(_NUMBER_OR_NULL,))
        seen = [t for t in (t_max, rows[0][0] if rows else None) if t is not None]
        t_max = max(seen) if seen else None
        self.db.execute(
            "INSERT INTO runs (run, at, target, new_windows, t_max) VALUES (?, ?, ?, ?, ?)",
            (run, at, target, new_windows, t_max),
        )

    def last_run(self) -> dict | None:
        rows = self._rows(
            "SELECT run, at, target, new_windows, t_max FROM runs ORDER BY run DESC LIMIT 1",
            types=(int, str, str, int, _NUMBER_OR_NULL),
        )
        if not rows:
            return None
        return dict(zip(("run", "at", "target", "new_windows", "t_max"), rows[0], strict=True))


# A comparison (attribute, group) with evidence state but no results, or the reverse: every
# run stores both for every comparison it makes.
# (set differences, not NOT EXISTS: results' key starts with its window, so a NOT EXISTS from
# each state row scanned every result: 15 s at 4,668 groups and 2 windows, growing with both)
_UNPAIRED = """
SELECT attribute, grp, 'results' FROM (
    SELECT attribute, grp FROM state EXCEPT SELECT attribute, grp FROM results) AS orphan
UNION ALL
SELECT attribute, grp, 'evidence state' FROM (
    SELECT attribute, grp FROM results EXCEPT SELECT attribute, grp FROM state) AS orphan
LIMIT 1
"""
# A comparison short of results: from its first window on (the first window with rows of its
# group), every run stores its result for each window the run adds (groups are only ever
# added, never dropped).
_SHORT_COMPARISON = """
WITH held AS (
    SELECT attribute, grp, count(*) AS n, min("window") AS first_window
    FROM results GROUP BY attribute, grp),
due AS (
    SELECT attribute, grp, n, (SELECT count(*) FROM windows WHERE "window" >= first_window) AS m
    FROM held)
SELECT attribute, grp, n, m FROM due WHERE n <> m LIMIT 1
"""


def _selected(sql: str) -> list[str]:
    """``table.column`` of each column a read selects (named in a refusal)."""
    columns, table = re.search(r"SELECT (.*?) FROM (\w+)", sql).groups()
    return [f"{table}.{c.strip().strip(chr(34))}" for c in columns.split(",")]


def request_digest(request: dict) -> dict:
    """{setting: the SHA-256 of its JSON} of a request as a store holds it: stored beside
    the request when the store is created, so a setting edited by hand (a threshold, alpha)
    is found. Its ``protected`` items are taken in their one form (``canonical_protected``):
    race="White", as an older EthicLens wrote it from a spec file, is race=White."""
    request = json.loads(json.dumps(request))  # as the store reads it back
    protected = request.get("protected")
    if isinstance(protected, list) and all(isinstance(item, str) for item in protected):
        request["protected"] = canonical_protected(protected)
    return {
        key: hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()
        for key, value in request.items()
    }
