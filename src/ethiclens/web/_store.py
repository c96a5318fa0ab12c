"""The web app's history: every data file and audit request kept in SQLite (a file), or in
PostgreSQL (``--store postgresql://...``, schema ``ethiclens_web``; needs ``ethiclens[sql]``).

One row per uploaded or picked data file (``data``) and one per audit (``audits``: the request
as a spec, its input fingerprint, the result JSON, the rendered reports, the time). Every change
is one transaction, so a killed server loses no finished audit and never leaves half of one.

Several servers may share one history. Each registers itself at start (``servers``: an id of
host, pid and a random part; a heartbeat it renews every :data:`BEAT_EVERY` seconds) and owns the
audits it queues (``audits.owner``). Recovery (:meth:`Store.recover`, at start and at each
heartbeat) marks ``interrupted`` only the queued or running audits whose owner is gone: no
owner (an earlier version's row), no heartbeat for :data:`GONE_AFTER` seconds, or, on SQLite,
a server of this host whose process no longer exists; a live server's audits are left to it.
Should a live server be taken for gone (its heartbeat late), its audits are not lost: a step or
the result of its worker takes such an audit back (:data:`RECOVERED`), while one its own server
stopped (:meth:`Store.interrupt`) stays interrupted.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import logging
import os
import re
import secrets
import socket
import sqlite3
import threading
from pathlib import Path

from .._keywords import refuse_unknown
from .._optional import connect_postgres, require
from .._secrets import mask_secrets
from .._text import from_postgres_text as _from_postgres
from .._text import to_postgres_text as _to_postgres
from ..errors import EthicLensInputError
from ..io import _refuse_no_path

log = logging.getLogger("ethiclens.web")

# draft: being mapped; queued/running: in the pool; done/failed: final; interrupted: the server
# stopped while it ran (nothing of it was stored). owner: the server (servers.id) that queued it.
SCHEMA = """
CREATE TABLE IF NOT EXISTS data (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    path TEXT,
    dataset TEXT,
    kind TEXT NOT NULL,
    size BIGINT,
    sha256 TEXT,
    created TEXT NOT NULL,
    profile TEXT
);
CREATE TABLE IF NOT EXISTS audits (
    id TEXT PRIMARY KEY,
    data_id TEXT REFERENCES data(id),
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished TEXT,
    rev INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    step TEXT,
    purpose TEXT NOT NULL DEFAULT 'audit',
    spec TEXT,
    fingerprint TEXT,
    result TEXT,
    html TEXT,
    card TEXT,
    csv TEXT,
    pdf BYTEA,
    verdict TEXT,
    error TEXT,
    note TEXT,
    owner TEXT
);
CREATE TABLE IF NOT EXISTS servers (
    id TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid BIGINT NOT NULL,
    started TEXT NOT NULL,
    heartbeat TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audits_created ON audits(created);
"""


def now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


# A write's parameter for the time: stamped once the write lock is held, so that two writes
# at once (two jobs' steps) are stamped in the order they are stored
NOW = object()
# The key of the PostgreSQL advisory lock each write of the history takes: the bytes of
# "EthicLen" read as one 64-bit number (a constant no other lock of the app uses)
WRITE_LOCK = 0x45746869634C656E


# A server renews its heartbeat every BEAT_EVERY seconds; one silent for GONE_AFTER seconds is
# taken for gone (its queued and running audits interrupted). A late heartbeat costs nothing
# finished: see RECOVERED.
BEAT_EVERY = 15.0
GONE_AFTER = 120.0
# The step of an audit interrupted by recovery (its server taken for gone), not by its own
# server's stop: its worker, should it still run, takes it back at its next step or its result
RECOVERED = "interrupted: its server stopped answering"
_OPEN = "status IN ('queued', 'running')"
_TAKEN_BACK = f"({_OPEN} OR status = 'interrupted' AND step = '{RECOVERED}')"
_FINISH_KEYWORDS = ("csv", "rev")  # Store.finish's keywords beside the result


def server_id() -> str:
    """A new server's id: its host, its process and a random part (two starts never share one)."""
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(4)}"


def _age(stamp: str | None, at: str) -> float:
    """Seconds from ``stamp`` to ``at`` (both :func:`now` texts); unreadable: infinitely old."""
    try:
        return (_dt.datetime.fromisoformat(at) - _dt.datetime.fromisoformat(stamp)).total_seconds()
    except (TypeError, ValueError):
        return float("inf")


def _process_exists(pid) -> bool:
    """Whether a process of this id runs on this host (POSIX; elsewhere assumed to run)."""
    if os.name != "posix":
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):  # another user's / no such number
        return True
    return True


def _of_run(where: str, params: tuple, rev: int | None) -> tuple[str, tuple]:
    """``where`` narrowed to the run queued at revision ``rev`` (None: any run): a worker's
    writes name the revision it was handed, which :meth:`Store.reopen` and
    :meth:`Store.submit` raise for a run again, so a stale worker matches no row."""
    return (where, params) if rev is None else (f"{where} AND rev = ?", (*params, rev))


def new_id() -> str:
    """An unguessable id (also the only name an uploaded file gets on disk)."""
    return secrets.token_hex(12)


class Conflict(Exception):
    """The audit changed since the page that submitted the form was drawn (another tab)."""


POSTGRES_SCHEMES = ("postgresql://", "postgresql+psycopg://", "postgres://")


def is_url(store) -> bool:
    """A PostgreSQL URL rather than a SQLite file (what is no text is neither: refused by
    :class:`Store`)."""
    return isinstance(store, str) and store.strip().startswith(POSTGRES_SCHEMES)


# PostgreSQL's text holds no NUL: each text written and read through the one encoding
# (_text.to_postgres_text), as the monitor's store does
def _decoded_rows(cursor):
    """psycopg's dict rows, each text read as it was written (:func:`_to_postgres`)."""
    from psycopg.rows import dict_row

    make = dict_row(cursor)
    return lambda values: make([_from_postgres(v) for v in values])


class _Postgres:
    """The few calls the store makes, on psycopg: ``?`` parameters, dict rows, explicit
    transactions (autocommit otherwise), tables in the schema ``ethiclens_web``; texts with
    a NUL stored encoded (:func:`_to_postgres`)."""

    def __init__(self, url: str):
        psycopg = require("psycopg", extra="sql")

        url = "postgresql://" + str(url).split("://", 1)[1]
        self.con = connect_postgres(
            psycopg,
            url,
            _decoded_rows,
            lambda first: EthicLensInputError(
                f"cannot open the history database: {mask_secrets(first)}",
                column="WebConfig.store",  # --store under ethiclens serve
                fix="check the PostgreSQL URL (user, host, database) and that the server runs",
            ),
        )
        self.con.execute("CREATE SCHEMA IF NOT EXISTS ethiclens_web")
        self.con.execute("SET search_path TO ethiclens_web")

    def execute(self, sql: str, params=()):
        return self.con.execute(sql.replace("?", "%s"), [_to_postgres(p) for p in params])

    def executescript(self, script: str) -> None:
        for statement in script.split(";"):
            if statement.strip():
                self.con.execute(statement)

    def close(self) -> None:
        self.con.close()


def _refuse_foreign(path: Path) -> None:
    """Refuse a SQLite file this app did not write, before anything is written into it (the
    history's tables, WAL). A new or empty file passes, so does one marked as a history
    (:data:`APPLICATION_ID`, set at every start), and so does a history an
    earlier version wrote, unmarked: both the ``data`` and ``audits`` tables with their
    columns (``note`` and others added since; a table or view its user added beside them
    kept). Another program's database is refused even where it holds a table of the
    history's name and columns."""
    if not path.is_file() or not path.stat().st_size:
        return
    import urllib.parse

    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as con:
        mark = con.execute("PRAGMA application_id").fetchone()[0]
        names = [r[0] for r in con.execute(_TABLES)]
        columns = {t: {r[1] for r in con.execute(f"PRAGMA table_info({t})")} for t in _OWN}
    own = [t for t in _OWN if t in names and _OWN[t] <= columns[t]]
    if mark == APPLICATION_ID or not mark and (not names or len(own) == len(_OWN)):
        return
    others = [n for n in names if n not in own]
    what = f"of another program (application id {mark})"
    if not mark and others:
        more = f" and {len(others) - 1:,} more" if len(others) > 1 else ""
        what = f"of other tables ({others[0]!r}{more})"
    elif not mark:  # the history's 'data' alone
        what = f"of a table {own[0]!r} but not the history's others"
    raise EthicLensInputError(
        f"is not an EthicLens history: a SQLite database {what}; the app would write its "
        "own tables into it",
        column="WebConfig.store",  # --store under ethiclens serve
        value=str(path),
        fix="give a new file (e.g. DATA_DIR/ethiclens-web.sqlite), or the history of an earlier "
        "`ethiclens serve` start",
    )


# The mark of a SQLite history in its header (PRAGMA application_id): the bytes "ELwh"
APPLICATION_ID = int.from_bytes(b"ELwh", "big")


def _create_marked(db) -> None:
    """SQLite: the history's tables and its mark (:data:`APPLICATION_ID`, written once, not at
    each job's start) in one transaction, so that another server starting on the same new file
    at this moment sees all of them or none (not a lone ``data`` table, refused as another
    program's). A history this server may not write (a read-only file or folder, marked or
    not) is refused here, unchanged, rather than by the first write of its start."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for statement in filter(str.strip, SCHEMA.split(";")):
            db.execute(statement)
        if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("UPDATE audits SET id = id WHERE 0")  # writes nothing; fails if read-only
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


_TABLES = (
    "SELECT name FROM sqlite_master "
    "WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
)
# the history's tables and the columns every layout of it has (``note`` came later)
_OWN = {
    "data": {"id", "name", "path", "dataset", "kind", "size", "sha256", "created", "profile"},
    "audits": {"id", "data_id", "created", "updated", "status", "purpose", "spec", "result"},
}


def _layout() -> dict[str, list[tuple[str, str]]]:
    """Each table of :data:`SCHEMA` with its columns (name, declaration), in order."""
    tables = re.findall(r"CREATE TABLE IF NOT EXISTS (\w+) \((.*?)\n\);", SCHEMA, re.S)
    return {
        table: [tuple(line.strip().rstrip(",").split(" ", 1)) for line in body.strip().splitlines()]
        for table, body in tables
    }


def _add_later_columns(db, postgres: bool) -> None:
    """A history of an earlier version (made before the threshold view's ``csv``, the PDF's
    ``pdf``, the request's ``note``) gets the columns this version writes, empty, so that its
    audits finish and its old results still show (not an internal error at every audit's
    end: no such column)."""
    for table, columns in _layout().items():
        if postgres:
            rows = db.execute(
                "SELECT column_name AS name FROM information_schema.columns "
                "WHERE table_schema = 'ethiclens_web' AND table_name = ?",
                (table,),
            ).fetchall()
        else:
            rows = db.execute(f"PRAGMA table_info({table})").fetchall()
        have = {row["name"] for row in rows}
        for name, declaration in columns:
            if name in have or "NOT NULL" in declaration and "DEFAULT" not in declaration:
                continue  # (one NOT NULL without a default: every layout had it)
            try:  # IF NOT EXISTS / the error: another server starting on it at this moment
                exists = " IF NOT EXISTS" if postgres else ""
                db.execute(f"ALTER TABLE {table} ADD COLUMN{exists} {name} {declaration}")
            except sqlite3.OperationalError as exc:
                if "duplicate column" not in str(exc):
                    raise


def _add_sequence(db) -> None:
    """PostgreSQL: the column ``seq`` of both tables, numbering rows in the order they were
    inserted (a history of an earlier start gets it, its rows numbered as stored)."""
    have = db.execute(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = "
        "'ethiclens_web' AND column_name = 'seq'"
    ).fetchall()
    for table in {"data", "audits"} - {row["table_name"] for row in have}:
        # IF NOT EXISTS too: another server starting on this history at the same moment
        db.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS seq BIGSERIAL")


_STORE_FIX = "give a SQLite file (e.g. 'history.sqlite') or a PostgreSQL URL"


class Store:
    """The history (one connection per thread; one transaction per change). ``path``: a SQLite
    file (WAL) or a PostgreSQL URL."""

    def __init__(self, path: str | Path):
        if not is_url(path):  # None, a number, a set, bytes, blank text: named, not os's TypeError
            _refuse_no_path(path, "WebConfig.store", _STORE_FIX, "argument")
        self.url = str(path) if is_url(path) else None
        self.path = str(path) if self.url else Path(path)
        self._local = threading.local()
        self.server: str | None = None  # this store's server, once registered (register)
        try:
            if not self.url:
                _refuse_foreign(self.path)
            db = self._db()
            if self.url:
                db.executescript(SCHEMA)
            else:
                _create_marked(db)
            _add_later_columns(db, bool(self.url))  # a history it may not write: refused too
        except sqlite3.Error as exc:  # a folder that does not exist, a file of another kind
            raise EthicLensInputError(
                f"cannot open the history database: {exc}",
                column="WebConfig.store",  # --store under ethiclens serve
                value=str(path),
                fix="give a SQLite file in a folder that exists and this server may write to "
                "(a new file, or the history of an earlier start)",
            ) from None
        if self.url:
            _add_sequence(db)

    def _db(self):
        db = getattr(self._local, "db", None)
        if db is None:
            if self.url:
                db = _Postgres(self.url)
            else:
                # absolute: a name SQLite reads as its own (:memory:, file:NAME) is a file too
                db = sqlite3.connect(self.path.absolute(), timeout=30, isolation_level=None)
                db.row_factory = sqlite3.Row
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
                db.execute("PRAGMA foreign_keys=ON")
            self._local.db = db
        return db

    @contextlib.contextmanager
    def _tx(self):
        db = self._db()
        # SQLite: take the write lock at once; PostgreSQL, whose BEGIN locks nothing: the
        # history's own lock, so that its writes too (every server on this database) are one
        # at a time, stamped (:data:`NOW`) in the order they are committed
        postgres = isinstance(db, _Postgres)
        db.execute("BEGIN" if postgres else "BEGIN IMMEDIATE")
        try:
            if postgres:
                db.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _write(self, sql: str, params=()):
        """One statement in a transaction of its own; its cursor (``rowcount``). Each
        :data:`NOW` of ``params`` is the time the write lock was taken."""
        with self._tx() as db:
            stamp = now()
            return db.execute(sql, tuple(stamp if p is NOW else p for p in params))

    def _new(self, table: str, columns: str, values: tuple) -> str:
        row_id, marks = new_id(), ", ".join("?" * (len(values) + 1))
        self._write(f"INSERT INTO {table} (id, {columns}) VALUES ({marks})", (row_id, *values))
        return row_id

    def _newest(self, table: str = "") -> str:
        """The order of rows stamped in the same second (``created`` is to the second): the
        order they were inserted in, newest first: SQLite's rowid, PostgreSQL's ``seq`` (a
        row keeps no order there; each insert takes the next number under the write lock)."""
        return f", {table}{'seq' if self.url else 'rowid'} DESC"

    def _one(self, sql: str, params=()) -> dict | None:
        row = self._db().execute(sql, params).fetchone()
        return dict(row) if row else None

    def _rows(self, sql: str, params=()) -> list[dict]:
        return [dict(r) for r in self._db().execute(sql, params).fetchall()]

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # -- data --------------------------------------------------------------------------------
    def add_data(
        self, *, name, kind, path=None, dataset=None, size=None, sha256=None, profile=None
    ) -> str:
        """A data row with its profile (JSON text) in one insert: never a file without one."""
        columns = "name, path, dataset, kind, size, sha256, created, profile"
        return self._new("data", columns, (name, path, dataset, kind, size, sha256, NOW, profile))

    def data(self, data_id: str) -> dict | None:
        return self._one("SELECT * FROM data WHERE id = ?", (data_id,))

    def data_at(self, path: str) -> dict | None:
        """The data row of a file on the server (the newest, if it was picked twice)."""
        return self._one(
            f"SELECT * FROM data WHERE path = ? ORDER BY created DESC{self._newest()} LIMIT 1",
            (path,),
        )

    def files(self, limit: int = 20) -> list[dict]:
        """The newest uploaded or picked files (CSV, Parquet), with their profiles."""
        return self._rows(
            "SELECT * FROM data WHERE kind IN ('csv', 'parquet') AND profile IS NOT NULL "
            f"ORDER BY created DESC{self._newest()}, id LIMIT ?",
            (limit,),
        )

    # -- audits ------------------------------------------------------------------------------
    def new_audit(self, data_id: str | None, spec: dict | None = None) -> str:
        """A draft: its request is confirmed on the mapping screen."""
        return self._insert(data_id, "draft", None, 0, "audit", spec)

    def new_request(self, data_id: str | None, spec: dict, purpose: str) -> str:
        """A request queued at once (a benchmark, a threshold view of an audit)."""
        return self._insert(data_id, "queued", "queued", 1, purpose, spec)

    def _insert(self, data_id, status: str, step, rev: int, purpose: str, spec) -> str:
        columns = "data_id, created, updated, rev, status, step, purpose, spec, owner"
        text = json.dumps(spec) if spec else None
        owner = self.server if status == "queued" else None
        values = (data_id, NOW, NOW, rev, status, step, purpose, text, owner)
        return self._new("audits", columns, values)

    def audit(self, audit_id: str) -> dict | None:
        return self._one("SELECT * FROM audits WHERE id = ?", (audit_id,))

    def submit(
        self, audit_id: str, rev: int, spec: dict, purpose: str, note: str | None = None
    ) -> int:
        """Store the confirmed request and queue it, if nobody changed the audit since ``rev``
        (else :class:`Conflict`). Returns the new revision. ``note``: what the app changed
        in the form's request (said on the result page)."""
        cur = self._write(
            "UPDATE audits SET spec = ?, purpose = ?, status = 'queued', step = 'queued', "
            "error = NULL, note = ?, owner = ?, rev = rev + 1, updated = ? "
            "WHERE id = ? AND rev = ? AND status = 'draft'",
            (json.dumps(spec), purpose, note, self.server, NOW, audit_id, rev),
        )
        if cur.rowcount != 1:  # no row changed: nothing was written
            raise Conflict(audit_id)
        return rev + 1

    def claim(self, audit_id: str, rev: int) -> bool:
        """Take a finished audit's form of revision ``rev`` (its threshold view's): True once,
        False for the same form sent again (a double click) or a page drawn before."""
        cur = self._write(
            "UPDATE audits SET rev = rev + 1, updated = ? "
            "WHERE id = ? AND rev = ? AND status = 'done'",
            (NOW, audit_id, rev),
        )
        return cur.rowcount == 1

    def step(self, audit_id: str, step: str, rev: int | None = None) -> bool:
        """Whether the audit is still queued or running (and now at ``step``): False once its
        server stopped it (interrupted), when nothing more of it would be stored. One that
        recovery interrupted (:data:`RECOVERED`: its server taken for gone, yet this worker
        runs) is taken back, running again. ``rev``: the revision the worker's run was queued
        at (:meth:`submit`'s): a worker of an earlier run of the audit (recovered by mistake,
        then run again) changes nothing of the new run (:func:`_of_run`)."""
        sql, params = _of_run(f"WHERE id = ? AND {_TAKEN_BACK}", (audit_id,), rev)
        cur = self._write(
            f"UPDATE audits SET status = 'running', step = ?, updated = ? {sql}",
            (step, NOW, *params),
        )
        return cur.rowcount == 1

    def finish(self, audit_id: str, *, result, html, card, fingerprint, verdict, **run) -> None:
        """The whole result in one transaction: after it the audit is complete, before it
        nothing of the result is stored. A queued or running audit is completed, and so is one
        that recovery interrupted while this worker ran (:data:`RECOVERED`: its server was taken
        for gone; the work is done, so it is kept); one its own server stopped (interrupted at
        shutdown; a worker that finished late) stays so. ``run``: ``csv`` (a view's table) and
        ``rev`` (:meth:`step`'s: a result of an earlier run is never stored over a new one)."""
        refuse_unknown("Store.finish", run, _FINISH_KEYWORDS)
        sql, params = _of_run(f"WHERE id = ? AND {_TAKEN_BACK}", (audit_id,), run.get("rev"))
        self._write(
            "UPDATE audits SET status = 'done', step = 'done', result = ?, html = ?, "
            f"card = ?, csv = ?, fingerprint = ?, verdict = ?, finished = ?, updated = ? {sql}",
            (result, html, card, run.get("csv"), fingerprint, verdict, NOW, NOW, *params),
        )

    def fail(self, audit_id: str, error: dict, rev: int | None = None) -> None:
        """A queued or running audit failed, or one recovery interrupted while it ran (as
        :meth:`finish`); a finished one, or one its server stopped, stays so; ``rev``: as
        :meth:`step`'s."""
        sql, params = _of_run(f"WHERE id = ? AND {_TAKEN_BACK}", (audit_id,), rev)
        self._write(
            "UPDATE audits SET status = 'failed', step = 'failed', error = ?, "
            f"finished = ?, updated = ? {sql}",
            (json.dumps(error), NOW, NOW, *params),
        )

    def interrupt(self, audit_ids) -> int:
        """The server stops: these audits, if still queued or running, are interrupted. Each
        an id, or (id, revision): only that run of it (:func:`_of_run`; the audit run again
        since, by another server after a mistaken recovery, is left to that server)."""
        count = 0
        with self._tx() as db:
            stamp = now()  # once the write lock is held (as _write stamps)
            for run in audit_ids:
                audit_id, rev = run if isinstance(run, tuple) else (run, None)
                sql, params = _of_run(f"WHERE id = ? AND {_OPEN}", (audit_id,), rev)
                cur = db.execute(
                    "UPDATE audits SET status = 'interrupted', step = 'interrupted', "
                    f"updated = ? {sql}",
                    (stamp, *params),
                )
                count += max(cur.rowcount, 0)
        return count

    def reopen(self, audit_id: str) -> None:
        """A failed audit back to a draft (its request and its error kept, so the form shows
        the error next to its field) so the mapping can be fixed."""
        self._write(
            "UPDATE audits SET status = 'draft', step = NULL, rev = rev + 1, "
            "updated = ? WHERE id = ? AND status IN ('failed', 'interrupted')",
            (NOW, audit_id),
        )

    def set_pdf(self, audit_id: str, pdf: bytes) -> None:
        """The printed report, made on first download and kept."""
        self._write("UPDATE audits SET pdf = ? WHERE id = ? AND status = 'done'", (pdf, audit_id))

    # -- servers -----------------------------------------------------------------------------
    def _clock(self, db) -> str:
        """The time a heartbeat is stamped and judged by, in a transaction of the history
        (``db``): a PostgreSQL history's own clock (every server on it reads one clock, so a
        server whose clock runs ahead takes no live one for gone, and one behind is never
        taken for gone late); a SQLite file's: this host's (:func:`now`)."""
        if not isinstance(db, _Postgres):
            return now()
        at = db.execute("SELECT clock_timestamp() AS at").fetchone()["at"]
        return at.astimezone(_dt.UTC).isoformat(timespec="seconds")

    def register(self) -> str:
        """This server starts on the history: its row in ``servers`` (its heartbeat now); the
        audits it queues from now on are its own (``owner``). Returns its id."""
        self.server = server_id()
        with self._tx() as db:
            stamp = self._clock(db)
            db.execute(
                "INSERT INTO servers (id, host, pid, started, heartbeat) VALUES (?, ?, ?, ?, ?)",
                (self.server, socket.gethostname(), os.getpid(), stamp, stamp),
            )
        return self.server

    def beat(self) -> None:
        """The heartbeat of this (registered) server; its row made again should another
        server have taken it for gone and removed it."""
        if self.server is None:
            return
        with self._tx() as db:
            stamp = self._clock(db)
            cur = db.execute("UPDATE servers SET heartbeat = ? WHERE id = ?", (stamp, self.server))
            if cur.rowcount != 1:
                db.execute(
                    "INSERT INTO servers (id, host, pid, started, heartbeat) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (self.server, socket.gethostname(), os.getpid(), stamp, stamp),
                )

    def retire(self) -> None:
        """This server stops (after its audits were interrupted): its row removed."""
        if self.server is not None:
            self._write("DELETE FROM servers WHERE id = ?", (self.server,))

    def _gone(self, row: dict, stamp: str, timeout: float) -> bool:
        """Whether an audit's owner (``row``: its servers row's host, pid, heartbeat) is gone."""
        if row["heartbeat"] is None:  # no owner (an earlier version's row), or no row of it
            return True
        if _age(row["heartbeat"], stamp) > timeout:
            return True
        same_host = row["host"] == socket.gethostname()
        return not self.url and same_host and not _process_exists(row["pid"])

    def recover(self, timeout: float = GONE_AFTER) -> int:
        """The queued or running audits of servers that are gone (:meth:`_gone`; never this
        server's own), marked interrupted (step :data:`RECOVERED`), and those servers' rows
        removed: at start and at every heartbeat. Returns how many audits."""
        with self._tx() as db:
            stamp = now()  # once the write lock is held (as _write stamps)
            at = self._clock(db)  # the heartbeats' clock
            rows = db.execute(
                "SELECT a.id, a.owner, s.host, s.pid, s.heartbeat "
                "FROM audits a LEFT JOIN servers s ON s.id = a.owner "
                "WHERE a.status IN ('queued', 'running')"
            ).fetchall()
            gone = [
                r
                for r in map(dict, rows)
                if (r["owner"] is None or r["owner"] != self.server) and self._gone(r, at, timeout)
            ]
            for row in gone:
                db.execute(
                    "UPDATE audits SET status = 'interrupted', step = ?, updated = ? "
                    f"WHERE id = ? AND {_OPEN}",
                    (RECOVERED, stamp, row["id"]),
                )
            servers = db.execute(
                "SELECT id, host, pid, heartbeat FROM servers WHERE id != ?", (self.server or "",)
            ).fetchall()
            for server in servers:
                if self._gone(dict(server), at, timeout):
                    db.execute("DELETE FROM servers WHERE id = ?", (server["id"],))
        return len(gone)

    def history(self, limit: int = 200, offset: int = 0) -> list[dict]:
        """Requests (not drafts), newest first: ``limit`` of them after the ``offset`` newest."""
        return self._rows(
            "SELECT a.id, a.created, a.finished, a.status, a.purpose, a.verdict, "
            "a.fingerprint, a.spec, d.name AS data_name, a.data_id, "
            "d.created AS data_created, d.profile AS data_profile "
            "FROM audits a LEFT JOIN data d ON d.id = a.data_id "
            f"WHERE a.status != 'draft' ORDER BY a.created DESC{self._newest('a.')}, "
            "a.updated DESC, a.id "
            "LIMIT ? OFFSET ?",
            (limit, offset),
        )

    def history_size(self) -> int:
        """How many requests the history holds (drafts are not requests)."""
        return self._one("SELECT COUNT(*) AS n FROM audits WHERE status != 'draft'")["n"]

    def counts(self) -> dict:
        rows = self._rows("SELECT status, COUNT(*) AS n FROM audits GROUP BY status")
        return {row["status"]: row["n"] for row in rows}


class Heartbeat:
    """A registered server's heartbeat (:meth:`Store.beat`) in a thread of its own, every
    ``every`` seconds, each followed by a recovery (:meth:`Store.recover`): the audits of a
    server that died while this one runs are interrupted within ``timeout`` + ``every``
    seconds, not only at the next start."""

    def __init__(self, store: Store, every: float = BEAT_EVERY, timeout: float = GONE_AFTER):
        self.store, self.every, self.timeout = store, every, timeout
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Beat now (the server's row made again after a stop: an app whose lifespan runs a
        second time, as a test client's does) and every ``every`` seconds in a new thread."""
        self.store.beat()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="history-heartbeat", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.every):
                try:
                    self.store.beat()
                    if recovered := self.store.recover(self.timeout):
                        log.warning("%d audit(s) of a stopped server interrupted", recovered)
                except Exception:  # noqa: BLE001 - a database away for a while: the next beat
                    log.exception("the history's heartbeat failed")
        finally:
            self.store.close()  # this thread's connection

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout=5)
