"""The monitor's state in SQLite: the request, per-window counts, the evidence, alarms, runs.

One run is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``): a killed run leaves the store as
the previous run left it, and a second run on the same store waits for the first (then sees its
windows). Arrays are stored as raw little-endian bytes with their dtype and shape: nothing is
unpickled.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np

from ..errors import EthicLensInputError

STORE_VERSION = 1
APP_ID = "ethiclens-monitor"
BUSY_TIMEOUT = 60.0  # seconds a run waits for another run holding the store

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS windows (
    window INTEGER PRIMARY KEY, start REAL NOT NULL, "end" REAL NOT NULL, rows INTEGER NOT NULL,
    status TEXT NOT NULL, counts TEXT NOT NULL, run INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    window INTEGER NOT NULL, attribute TEXT NOT NULL, grp TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (window, attribute, grp));
CREATE TABLE IF NOT EXISTS state (
    attribute TEXT NOT NULL, grp TEXT NOT NULL, key TEXT NOT NULL, dtype TEXT NOT NULL,
    shape TEXT NOT NULL, data BLOB NOT NULL, PRIMARY KEY (attribute, grp, key));
CREATE TABLE IF NOT EXISTS alarms (
    attribute TEXT NOT NULL, grp TEXT NOT NULL, test TEXT NOT NULL, window INTEGER NOT NULL,
    log_e_value REAL NOT NULL, run INTEGER NOT NULL, PRIMARY KEY (attribute, grp, test));
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY, at TEXT NOT NULL, target TEXT NOT NULL, new_windows INTEGER NOT NULL,
    t_max REAL);
"""


class Store:
    """A monitor store (create with ``Store.open(path, request)``)."""

    def __init__(self, path: Path, con: sqlite3.Connection):
        self.path = path
        self.con = con

    @classmethod
    def open(cls, path) -> Store:
        path = Path(path)
        if path.exists() and not path.is_file():
            raise EthicLensInputError(
                "is not a file", column="--store", value=str(path), fix="name a .sqlite file"
            )
        if not path.parent.exists():
            raise EthicLensInputError(
                "its folder does not exist",
                column="--store",
                value=str(path),
                fix=f"create {path.parent} first",
            )
        fresh = not path.exists() or path.stat().st_size == 0
        if not fresh:
            with open(path, "rb") as fh:
                if fh.read(16) != b"SQLite format 3\x00":
                    raise EthicLensInputError(
                        "is not a SQLite file (an EthicLens monitor store)",
                        column="--store",
                        value=str(path),
                        fix="name a new file, or the store an earlier monitor run wrote",
                    )
        con = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
        store = cls(path, con)
        if not fresh:
            store._check_foreign()
        return store

    def _check_foreign(self) -> None:
        names = {r[0] for r in self.con.execute("SELECT name FROM sqlite_master")}
        ok = "meta" in names and self.meta("app") == APP_ID
        if not ok:
            raise EthicLensInputError(
                "is a SQLite file that is not an EthicLens monitor store",
                column="--store",
                value=str(self.path),
                fix="name a new file, or the store an earlier monitor run wrote",
            )
        version = int(self.meta("store_version") or 0)
        if version > STORE_VERSION:
            raise EthicLensInputError(
                f"was written by a newer EthicLens (store version {version})",
                column="--store",
                value=str(self.path),
                fix="upgrade EthicLens",
            )

    # -- transactions ----------------------------------------------------------------------
    def begin(self) -> None:
        try:
            self.con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            raise EthicLensInputError(
                f"is busy: another run has held it for over {BUSY_TIMEOUT:g} s",
                column="--store",
                value=str(self.path),
                fix="wait for the other monitor run to finish (one run at a time per store), "
                "then rerun",
            ) from None
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                self.con.execute(statement)

    def commit(self) -> None:
        self.con.execute("COMMIT")

    def rollback(self) -> None:
        if self.con.in_transaction:
            self.con.execute("ROLLBACK")

    def close(self) -> None:
        self.rollback()
        self.con.close()

    # -- meta --------------------------------------------------------------------------------
    def meta(self, key: str):
        try:
            row = self.con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.OperationalError:
            return None
        return json.loads(row[0]) if row else None

    def set_meta(self, key: str, value) -> None:
        self.con.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value))
        )

    # -- windows -----------------------------------------------------------------------------
    def windows(self) -> dict[int, dict]:
        try:
            rows = self.con.execute(
                'SELECT window, start, "end", rows, status, counts FROM windows ORDER BY window'
            ).fetchall()
        except sqlite3.OperationalError:
            return {}
        return {
            w: {"start": s, "end": e, "rows": n, "status": st, "counts": c}
            for w, s, e, n, st, c in rows
        }

    def add_window(self, window, start, end, rows, status, counts: str, run: int) -> None:
        self.con.execute(
            'INSERT INTO windows (window, start, "end", rows, status, counts, run) '
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (int(window), float(start), float(end), int(rows), status, counts, run),
        )

    def add_result(self, window, attribute, group, body: dict) -> None:
        self.con.execute(
            "INSERT INTO results (window, attribute, grp, body) VALUES (?, ?, ?, ?)",
            (int(window), attribute, group, json.dumps(body)),
        )

    def results(self) -> list[tuple[int, str, str, dict]]:
        try:
            rows = self.con.execute(
                "SELECT window, attribute, grp, body FROM results ORDER BY attribute, grp, window"
            ).fetchall()
        except sqlite3.OperationalError:
            return []
        return [(w, a, g, json.loads(b)) for w, a, g, b in rows]

    # -- evidence state ------------------------------------------------------------------------
    def save_state(self, attribute: str, group: str, arrays: dict[str, np.ndarray]) -> None:
        for key, value in arrays.items():
            value = np.array(value, order="C")
            dtype = value.dtype.newbyteorder("<").str
            self.con.execute(
                "INSERT OR REPLACE INTO state (attribute, grp, key, dtype, shape, data) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    attribute,
                    group,
                    key,
                    dtype,
                    json.dumps(value.shape),
                    value.astype(dtype).tobytes(),
                ),
            )

    def load_state(self, attribute: str, group: str) -> dict[str, np.ndarray] | None:
        try:
            rows = self.con.execute(
                "SELECT key, dtype, shape, data FROM state WHERE attribute = ? AND grp = ?",
                (attribute, group),
            ).fetchall()
        except sqlite3.OperationalError:
            return None
        if not rows:
            return None
        out = {}
        for key, dtype, shape, data in rows:
            if dtype not in ("<f8", "|b1", "<i8"):
                raise EthicLensInputError(
                    f"holds an array of an unexpected type {dtype!r}",
                    column="--store",
                    value=str(self.path),
                    fix="the store is damaged: start a new one",
                )
            out[key] = np.frombuffer(data, dtype=dtype).reshape(json.loads(shape)).copy()
        return out

    # -- alarms and runs -------------------------------------------------------------------------
    def alarms(self) -> dict[tuple[str, str, str], dict]:
        try:
            rows = self.con.execute(
                "SELECT attribute, grp, test, window, log_e_value FROM alarms"
            ).fetchall()
        except sqlite3.OperationalError:
            return {}
        return {(a, g, t): {"window": w, "log_e_value": v} for a, g, t, w, v in rows}

    def add_alarm(self, attribute, group, test, window, log_e, run) -> None:
        self.con.execute(
            "INSERT OR IGNORE INTO alarms (attribute, grp, test, window, log_e_value, run) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (attribute, group, test, int(window), float(log_e), run),
        )

    def next_run(self) -> int:
        try:
            row = self.con.execute("SELECT max(run) FROM runs").fetchone()
        except sqlite3.OperationalError:
            return 1
        return int(row[0] or 0) + 1

    def add_run(self, run, at, target, new_windows, t_max) -> None:
        self.con.execute(
            "INSERT INTO runs (run, at, target, new_windows, t_max) VALUES (?, ?, ?, ?, ?)",
            (run, at, target, new_windows, t_max),
        )

    def last_run(self) -> dict | None:
        try:
            row = self.con.execute(
                "SELECT run, at, target, new_windows, t_max FROM runs ORDER BY run DESC LIMIT 1"
            ).fetchone()
        except sqlite3.OperationalError:
            return None
        if not row:
            return None
        return dict(zip(("run", "at", "target", "new_windows", "t_max"), row, strict=True))
