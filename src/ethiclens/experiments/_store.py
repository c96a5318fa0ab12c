"""The results store: SQLite (standard library) in WAL mode, one transaction per finished run.

A run is (dataset, ε, seed); its per-attribute, per-group statistics are written with it in the
same transaction, so a killed sweep leaves only whole runs behind and resumes where it stopped.
A store belongs to one grid configuration and code version (``config_hash``) and refuses runs
from another. Before a sweep writes to an existing store it takes the store's lock (a second
sweep on the same store is refused at once, naming the holder's pid; the lock is released by
the OS when the holder dies, even by SIGKILL) and runs ``PRAGMA integrity_check``. A file that
is not SQLite, a SQLite file of another program or a damaged store is refused with the fix.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
from collections.abc import Mapping
from dataclasses import fields
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import names_words, plain, printed_float
from .._keywords import refusing_unknown_keywords
from ..errors import EthicLensInputError
from ..io import _refuse_no_path, check_store_name
from ._records import GroupRecord, RunRecord, RunResult

# The records' fields in table order (group_stats: after run_id; runs: by column name).
RUN_FIELDS = tuple(f.name for f in fields(RunRecord))
GROUP_FIELDS = tuple(f.name for f in fields(GroupRecord))
# the numbers group_stats() reads (the runs' and the groups' columns)
STORED_NUMBERS = (
    *("epsilon", "seed", "epsilon_spent", "noise_multiplier", "test_accuracy", "wall_time_s"),
    *GROUP_FIELDS[2:],
)
# the numbers of the runs table (runs(): the tables' run summary)
RUN_NUMBERS = (
    *("epsilon", "seed", "epsilon_spent", "noise_multiplier", "sample_rate", "wall_time_s"),
    *("test_accuracy", "n_train", "n_test"),
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    run_id INTEGER PRIMARY KEY,
    dataset TEXT NOT NULL, epsilon_key TEXT NOT NULL, epsilon REAL, seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('done', 'failed')), error TEXT,
    epsilon_spent REAL, noise_multiplier REAL, accountant TEXT, sample_rate REAL,
    trainer TEXT, wall_time_s REAL, test_accuracy REAL, n_train INTEGER, n_test INTEGER,
    config_hash TEXT NOT NULL, versions TEXT, finished_at TEXT NOT NULL,
    UNIQUE (dataset, epsilon_key, seed)
);
CREATE TABLE IF NOT EXISTS group_stats (
    run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,
    attribute TEXT NOT NULL, group_name TEXT NOT NULL, group_index INTEGER NOT NULL,
    n_train INTEGER, n_test INTEGER, acc_train REAL, acc_test REAL, delta REAL,
    positive_rate REAL, tpr REAL, fpr REAL, mia_auc REAL, mean_loss_train REAL,
    mean_loss_test REAL,
    PRIMARY KEY (run_id, attribute, group_name)
);
"""


EXPORT_TYPES = (".csv", ".parquet")
_refused = partial(EthicLensInputError, column="--store")  # a sweep's refusals of its store


def check_export_type(out) -> Path:
    """An export file's path, refused unless it ends in .csv or .parquet."""
    out = Path(out)
    if out.suffix.lower() not in EXPORT_TYPES:  # .CSV too, as io reads inputs
        raise EthicLensInputError(
            "unknown export type", column="--out", value=out.suffix, fix="use .csv or .parquet"
        )
    return out


def epsilon_key(eps) -> str:
    """A budget's key in the store: ``none`` for no DP (None, a no-DP word, ε = +∞, as the
    trainers and a sweep grid read it), else ``repr(float(ε))``; a budget that is none (ε ≤ 0,
    NaN, text) is refused as every face refuses it."""
    from ..privacy import dp_epsilon

    eps = dp_epsilon(eps, "epsilon")
    return "none" if eps is None else repr(eps)


def _friendly(exc: sqlite3.Error, path) -> EthicLensInputError:
    text = str(exc)
    if _is_readonly_error(exc):
        return _read_only(path, text)
    if "disk is full" in text or "disk I/O" in text:
        return _refused(
            f"the results store {path} could not be written ({text}); "
            "every run finished before this is safe in the store",
            fix="free disk space and rerun the same command: it resumes",
        )
    return _refused(f"results store {path}: {text}")


def _is_readonly_error(exc) -> bool:
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text


def _read_only(path, why: str, flag: str = "--store") -> EthicLensInputError:
    return EthicLensInputError(
        f"the results store {path} is read-only ({why}), so a sweep cannot record runs in it; "
        "the store is not damaged",
        column=flag,
        fix=f"make {path} and its folder writable (chmod u+w), or copy the store to a writable "
        "folder and give that --store (the sweep resumes there); pcer tables and pcer export "
        "read it as it is",
    )


def _connect_ro(path: Path, flag: str):
    """A read-only connection and whether the store sits where it cannot be written.

    A store in WAL mode needs its ``-shm`` file even to be read; in a read-only folder (or on a
    read-only file system) that file cannot be created, and SQLite answers "attempt to write a
    readonly database". The store is then opened immutable, which is exact only when it has no
    un-checkpointed journal (``-wal``) beside it; with one it is refused, saying so.
    """
    uri = Path(path).absolute().as_uri()
    if not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists():
        # No connection is open and no journal is pending: read the file as it is, creating
        # nothing beside it (a plain read-only open of a WAL store leaves -wal and -shm files).
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True), False
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn, False
    except sqlite3.DatabaseError as exc:
        if not _is_readonly_error(exc):
            return conn, False  # the integrity check names what is wrong
        conn.close()
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise EthicLensInputError(
                f"the results store {path} is read-only here and its journal {wal.name} holds "
                "runs not yet merged into it, which cannot be read without writing",
                column=flag,
                fix="copy the store together with its -wal file to a writable folder and give "
                "that path",
            ) from exc
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True), True


SQLITE_MAGIC = b"SQLite format 3\x00"
OUR_TABLES = {"meta", "runs", "group_stats"}


def _check_file(path: Path, flag: str) -> bool:
    """Refuse a path that is not a SQLite file; True when it exists with content."""
    if path.is_dir():
        problem = f"{path} is a folder, not a results store"
        raise EthicLensInputError(problem, column=flag, fix="give the store's .sqlite file")
    if not path.exists() or path.stat().st_size == 0:
        return False
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        problem = f"cannot read {path} ({exc.strerror})"
        fix = "check the path and its permissions"
        raise EthicLensInputError(problem, column=flag, fix=fix) from exc
    if head != SQLITE_MAGIC:
        raise EthicLensInputError(
            f"{path} is not a SQLite file, so not an EthicLens results store",
            column=flag,
            fix="give the .sqlite file a sweep wrote (ethiclens pcer "
            "sweep --store PATH), or a new path for a new store",
        )
    return True


def _check_integrity(conn, path: Path, flag: str) -> None:
    """``PRAGMA integrity_check`` and our tables; a damaged or foreign file is refused."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        tables = _tables(conn)
    except sqlite3.DatabaseError as exc:
        rows, tables = [str(exc)], set()
    if rows != ["ok"]:
        raise EthicLensInputError(
            f"the results store {path} fails SQLite's integrity check ({'; '.join(rows[:3])})"
            "; resuming would add runs to a damaged store",
            column=flag,
            fix=f"move it aside and start a new store, or recover it with: sqlite3 {path} "
            "'.recover' | sqlite3 recovered.sqlite",
        )
    if tables and not OUR_TABLES <= tables:
        raise EthicLensInputError(
            f"{path} is a SQLite file of another program (tables "
            f"{names_words(sorted(tables)[:5])}), not "
            "an EthicLens results store",
            column=flag,
            fix="choose a new path for the store; this file is left untouched",
        )


def _tables(conn) -> set:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _columns(conn, table: str) -> list[str]:
    return [r[1] for r in conn.execute("SELECT * FROM pragma_table_info(?)", (table,))]


def _schema_columns() -> dict[str, list[str]]:
    """Each of our tables' columns, as :data:`SCHEMA` creates them."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(SCHEMA)
        return {t: _columns(conn, t) for t in sorted(OUR_TABLES)}
    finally:
        conn.close()


# Each of our tables' columns, read once (a reader's SQLite may refuse a connection later).
SCHEMA_COLUMNS = _schema_columns()


def _check_columns(conn, path: Path, flag: str) -> None:
    """A store of another version or an edited one (a column missing from runs, group_stats or
    meta) is refused in one line naming the columns, before a sweep trains runs it could not
    record or a reader's query fails in SQL's words."""
    for table, wanted in SCHEMA_COLUMNS.items():
        if missing := [c for c in wanted if c not in _columns(conn, table)]:
            raise EthicLensInputError(
                f"the results store {path} has no column(s) {missing} in {table}",
                column=flag,
                fix="read it with the EthicLens version that wrote it, or sweep into a new store",
            )


class StoreLock:
    """An exclusive advisory lock on ``<store>.lock`` holding the owner's pid.

    A lock file this process created is removed again when taking the lock fails (a full
    disk), so nothing is left behind; a held lock is named by its holder's pid, or said to be
    held by a process that is not running here (another machine, or a child that inherited
    it), with how to find it.
    """

    def __init__(self, path: Path):
        self.path = path.with_name(path.name + ".lock")
        self.store = path
        self.fh = None

    def acquire(self) -> None:
        import fcntl

        created = not self.path.exists()
        try:
            fh = open(self.path, "a+")
        except OSError as exc:
            import errno

            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and self.store.exists():
                raise _read_only(
                    self.store, f"its lock file {self.path.name} cannot be created: {exc.strerror}"
                ) from exc
            problem = (
                f"cannot create the lock file {self.path} ({exc.strerror}), so no store was created"
            )
            raise _refused(problem, fix="choose a store in a folder you can write to") from exc
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.seek(0)
            holder = fh.read().strip()
            fh.close()
            raise self._held(holder) from None
        try:
            fh.seek(0)
            fh.truncate()
            fh.write(str(os.getpid()))
            fh.flush()
            os.fsync(fh.fileno())
        except OSError as exc:
            if created:
                self.path.unlink(missing_ok=True)  # still ours: we hold the lock
            fh.close()
            raise _refused(
                f"cannot write the lock file {self.path} ({exc.strerror or exc}); "
                + ("it was removed again, " if created else "")
                + "no store was created or changed",
                fix="free disk space (or choose a store on another disk) and rerun",
            ) from exc
        self.fh = fh

    def _held(self, holder: str) -> EthicLensInputError:
        pid = int(holder) if holder.isascii() and holder.isdigit() else None
        if pid is not None and _running(pid):
            return _refused(
                f"the results store {self.store} is in use by another sweep (pid {pid}); two "
                "sweeps on one store would train the same runs twice",
                fix="wait for that sweep to finish (rerunning then resumes), or give this one "
                "another --store",
            )
        who = (
            f"pid {pid}, which it names, is not running on this machine"
            if pid is not None
            else "the lock file names no EthicLens process"
        )
        return _refused(
            f"the lock {self.path} of the results store {self.store} is held, but {who}: the "
            "holder is another process (a sweep on another machine sharing this folder, or a "
            "process that inherited the lock), or a stale lock on a network file system",
            fix=f"find the holder with 'fuser -v {self.path}' (or 'lsof {self.path}') and stop "
            "it; when no process holds it, the lock is stale: delete the lock file and rerun "
            "(the store itself is kept)",
        )

    def release(self) -> None:
        if self.fh is not None:
            self.fh.close()  # closing the file releases the lock
            self.fh = None


def _running(pid: int) -> bool:
    """Whether a process ``pid`` exists on this machine."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError, ValueError):
        return False  # no such process (or no such pid at all)
    except PermissionError:
        return True  # exists, under another user
    return True


def _check_existing(path: Path, flag: str) -> None:
    """An existing store opened read-only first: a damaged file, a runs table missing a column
    or a folder that cannot be written is refused before anything is created beside it."""
    try:
        probe, read_only = _connect_ro(path, flag)
    except sqlite3.Error as exc:
        raise _friendly(exc, path) from exc
    try:
        _check_integrity(probe, path, flag)
        if OUR_TABLES <= _tables(probe):
            _check_columns(probe, path, flag)
    finally:
        probe.close()
    if read_only:
        raise _read_only(path, "its folder cannot be written", flag)


@refusing_unknown_keywords(init=True)  # ResultsStore(typo=...): audit()'s refusal
class ResultsStore:
    """Open (or create) a store for one grid configuration.

    ``lock=True`` (a sweep) takes the store's lock first and fails at once when another
    process holds it.

    Parameters
    ----------
    path : str or Path
        The SQLite file (its folder must exist).
    config_hash : str
        :meth:`SweepGrid.config_hash`; a store of another configuration is refused.
    grid : dict, optional
        The grid, recorded when the store is created.
    lock : bool
        Take the store's lock (a sweep that writes).
    flag : str
        The option to name in errors.
    """

    def __init__(
        self,
        path: str | Path,
        config_hash: str,
        grid: dict | None = None,
        *,
        lock: bool = False,
        flag: str = "--store",
    ):
        self._lock = None
        self.path = _store_path(path, flag)
        check_store_name(self.path, flag)
        if not self.path.parent.is_dir():
            problem = f"folder {self.path.parent} does not exist"
            raise EthicLensInputError(problem, column=flag, fix="create it or choose another path")
        self.conn = None
        existed = _check_file(self.path, flag)
        if existed:  # refused before anything is created beside it
            _check_existing(self.path, flag)
        # what a failed creation removes again: the files this call is about to create (a
        # link's target, never the user's link), not one another sweep made before our lock
        real = Path(os.path.realpath(self.path))
        created = [] if existed else [Path(f"{real}{x}") for x in ("", "-wal", "-shm")]
        self._lock = StoreLock(self.path) if lock else None
        created = [p for p in created if not p.exists()]
        if lock:
            lock_new = [] if self._lock.path.exists() else [self._lock.path]
            self._lock.acquire()
            created = [p for p in created if not p.exists()] + lock_new
        self._created = created  # discard_new removes them again
        try:
            self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self.conn.executescript(SCHEMA)
            self._claim(config_hash, grid)
        except BaseException as exc:
            for p in created:  # before the lock is released
                p.unlink(missing_ok=True)
            self.close()
            if not isinstance(exc, sqlite3.Error):
                raise
            err = _friendly(exc, self.path)
            if not existed:  # a store that could not be created leaves nothing behind
                err = EthicLensInputError(
                    f"cannot create the results store {self.path} ({exc}); nothing was left behind",
                    column=flag,
                    fix=err.fix or "choose a writable folder with free space",
                )
            raise err from exc

    def _claim(self, config_hash, grid):
        row = self.conn.execute("SELECT value FROM meta WHERE key='config_hash'").fetchone()
        self.discarded_failed = 0
        done = self.conn.execute("SELECT 1 FROM runs WHERE status='done' LIMIT 1").fetchone()
        if row is not None and row[0] != config_hash and done is None:
            # Only failed runs (a grid that could not train, e.g. a batch larger than the
            # data): nothing of the old configuration is kept, so the fixed grid takes over.
            (self.discarded_failed,) = self.conn.execute("SELECT count(*) FROM runs").fetchone()
            self._write(("DELETE FROM runs", [()]), ("DELETE FROM meta", [()]))
            row = None
        if row is None:
            created = datetime.now(UTC).isoformat(timespec="seconds")
            meta = [("config_hash", config_hash), ("grid", json.dumps(grid or {}))]
            self._write(("INSERT INTO meta VALUES (?, ?)", [*meta, ("created", created)]))
        elif row[0] != config_hash:
            raise _refused(
                f"the store {self.path} holds runs of another grid configuration or code "
                f"version (config {row[0]}, this sweep {config_hash}); mixing them would "
                "corrupt the tables",
                fix="start a new store (--store NEW.sqlite) or rerun with the original settings",
            )
        self.config_hash = config_hash

    def check_data(self, digests: dict) -> None:
        """Record each dataset's data digest (dataset -> SHA-256 of its rows); a dataset whose
        finished runs here were trained on other rows is refused, never mixed with them (a
        store written before digests were recorded resumes and records them)."""
        row = self.conn.execute("SELECT value FROM meta WHERE key='data'").fetchone()
        held = json.loads(row[0]) if row is not None else {}
        done = {d for (d,) in self.conn.execute("SELECT dataset FROM runs WHERE status='done'")}
        changed = sorted(d for d, v in digests.items() if held.get(d, v) != v and d in done)
        if changed:
            raise _refused(
                f"the store {self.path} holds runs of {', '.join(changed)} trained on other "
                f"data than this sweep reads (sha256 {held[changed[0]][:12]}…, now "
                f"{digests[changed[0]][:12]}…); mixing them would corrupt the tables",
                fix="start a new store (--store NEW.sqlite), or give the sweep the data those "
                "runs used (the same file, $ETHICLENS_BIOS, the same registered dataset)",
            )
        if {**held, **digests} != held:
            data = json.dumps({**held, **digests}, sort_keys=True)
            self._write(("INSERT OR REPLACE INTO meta VALUES ('data', ?)", [(data,)]))

    def _write(self, *statements) -> None:
        """``(sql, rows)`` statements, each run once per row, in one transaction."""
        with self.conn:
            self.conn.execute("BEGIN")
            for sql, rows in statements:
                self.conn.executemany(sql, rows)

    def finished(self) -> set[tuple[str, str, int]]:
        """(dataset, ε key, seed) of every run that finished (failed runs are retried)."""
        query = "SELECT dataset, epsilon_key, seed FROM runs WHERE status='done'"
        rows = self.conn.execute(query).fetchall()
        return {(d, _read_key(k) or k, s) for d, k, s in rows}  # 'inf' is the 'none' run

    def record(self, result) -> None:
        """Write one run and its group statistics atomically (failed runs keep their error).

        Parameters
        ----------
        result : RunResult or mapping
            A :class:`RunResult`, or its ``{"run": {...}, "groups": [...]}`` form.
        """
        if not isinstance(result, RunResult):
            result = RunResult.from_dict(result)
        run = result.run
        row = self._run_row(run)  # its ε refused before the transaction, never inside it
        groups = [_group_row(g, i) for i, g in enumerate(result.groups)]
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute(
                "DELETE FROM runs WHERE dataset=? AND epsilon_key=? AND seed=?",
                (row["dataset"], row["epsilon_key"], row["seed"]),  # as stored (np.int64: int)
            )
            cur = self.conn.execute(
                f"INSERT INTO runs ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                tuple(row.values()),
            )
            self.conn.executemany(
                f"INSERT INTO group_stats VALUES ({', '.join('?' * (1 + len(GROUP_FIELDS)))})",
                [(cur.lastrowid, *g) for g in groups],
            )
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise _friendly(exc, self.path) from exc
        except BaseException:  # e.g. Ctrl-C mid-write: never left holding the write lock
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def _run_row(self, run: RunRecord) -> dict:
        """A run's ``runs`` row (column -> value): its fields, its ε key, the store's
        configuration hash, the worker's versions as JSON and the time it is recorded."""
        row = {f: _field(getattr(run, f), f, "run") for f in RUN_FIELDS if f != "versions"}
        key = epsilon_key(run.epsilon)  # ε = +∞ is no DP: stored as 'none', NULL
        row.update(
            epsilon=None if key == "none" else float(key),
            epsilon_key=key,
            config_hash=self.config_hash,
            versions=_versions(run.versions),
            finished_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        return row

    def _query(self, sql: str) -> pd.DataFrame:
        try:
            return pd.read_sql_query(sql, self.conn)
        except (sqlite3.Error, pd.errors.DatabaseError) as exc:
            problem = f"cannot read the results store {self.path} ({exc})"
            fix = "check that a sweep of this version wrote it (ethiclens pcer sweep --store PATH)"
            raise EthicLensInputError(problem, column="STORE", fix=fix) from exc

    def runs(self) -> pd.DataFrame:
        """Every run row (finished and failed), ordered by dataset, ε and seed; a number that
        is none (text in wall_time_s) is refused as damage, naming the column and run."""
        frame = self._query("SELECT * FROM runs ORDER BY dataset, epsilon_key, seed")
        for c in RUN_NUMBERS:
            frame[c] = self._numbers(frame, c)
        return frame

    def group_stats(self) -> pd.DataFrame:
        """One row per (finished run, attribute, group) with the run's settings. A store of
        another version (a column missing) or a damaged row (text, or ±inf in a group's
        statistic) is refused, naming the column and run; a null stays undefined (NaN)."""
        frame = self._query(
            "SELECT r.dataset, r.epsilon, r.epsilon_key, r.seed, r.epsilon_spent, "
            "r.noise_multiplier, r.test_accuracy, r.wall_time_s, r.trainer, g.* "
            "FROM group_stats g JOIN runs r USING (run_id) WHERE r.status='done' "
            "ORDER BY r.dataset, g.attribute, r.epsilon_key, r.seed, g.group_index"
        )
        if missing := [c for c in (*STORED_NUMBERS, "group_name") if c not in frame.columns]:
            problem = f"the results store {self.path} has no column(s) {missing} in group_stats"
            fix = "read it with the EthicLens version that wrote it, or sweep into a new store"
            raise EthicLensInputError(problem, column="STORE", fix=fix)
        for c in STORED_NUMBERS:
            frame[c] = self._numbers(frame, c)
        return self._budgets(frame)

    def _budgets(self, frame: pd.DataFrame) -> pd.DataFrame:
        """Each run's budget as a sweep stores it: ε = +∞ ('inf', 9e999) is no DP ('none',
        NaN), as the trainers and a sweep grid read it; a key that is no budget, an ε that is
        not its key's, or one budget twice for a dataset and seed is refused as damage."""
        keys = frame["epsilon_key"].map(_read_key)
        eps = frame["epsilon"].where(frame["epsilon"] != np.inf)
        wanted = pd.to_numeric(keys.where(keys != "none"), errors="coerce")
        bad = keys.isna() | ~((eps.isna() & wanted.isna()) | (eps == wanted))
        if bad.any():
            row = frame[bad].iloc[0]
            stored = "NULL" if pd.isna(row["epsilon"]) else _shown(row["epsilon"])
            what = f"epsilon_key {row['epsilon_key']!r} with epsilon {stored}"
            raise self._damaged(row, f"holds {what}, not one budget (ε > 0, or 'none')")
        frame = frame.assign(epsilon_key=keys, epsilon=wanted)
        runs, unit = frame.drop_duplicates("run_id"), ["dataset", "epsilon_key", "seed"]
        twice = runs[runs.duplicated(unit, keep=False)]
        if len(twice):
            first = twice[(twice[unit] == twice[unit].iloc[0]).all(axis=1)].sort_values("run_id")
            ids = " and ".join(str(i) for i in first.run_id)
            row = first.iloc[0]
            problem = (
                f"the results store {self.path} holds one budget twice: runs {ids} "
                f"({row['dataset']}, seed {row['seed']}) are both ε {row['epsilon_key']} "
                "(ε = inf is no DP, as a sweep grid reads it)"
            )
            fix = f"delete one of them (DELETE FROM runs WHERE run_id = {first.run_id.iloc[1]})"
            raise EthicLensInputError(problem, column="STORE", fix=fix)
        return frame

    def _damaged(self, row, what: str) -> EthicLensInputError:
        problem = (
            f"the results store {self.path} is damaged: run {row['run_id']} "
            f"({row['dataset']}, ε {row['epsilon_key']}, seed {row['seed']}) {what}"
        )
        fix = "rerun that run (delete its row from runs, then ethiclens pcer sweep again)"
        return EthicLensInputError(problem, column="STORE", fix=fix)

    def _numbers(self, frame: pd.DataFrame, column: str) -> pd.Series:
        """``column`` as numbers (NULL: NaN); a cell that is no number, or a group's statistic
        that is ±inf, is refused as damage."""
        values = pd.to_numeric(frame[column], errors="coerce")
        bad = frame[column].notna() & values.isna()
        if column in GROUP_FIELDS:
            bad |= values.isin([np.inf, -np.inf])
        what = "a finite number"
        if not bad.any() and (outside := _out_of_range(values, column)) is not None:
            bad, what = outside  # what record refuses to write: a rate past 1, n_train 2.5
        if not bad.any():
            return values if frame[column].dtype == object else frame[column]
        row = frame[bad].iloc[0]
        group = f", group {row['group_name']!r}" if "group_name" in row else ""
        problem = (
            f"the results store {self.path} is damaged: {column} of run {row['run_id']} "
            f"({row['dataset']}, ε {row['epsilon_key']}, seed {row['seed']}{group}) holds "
            f"{_shown(row[column])}, not {what}"
        )
        fix = "rerun that run (delete its row from runs, then ethiclens pcer sweep again)"
        raise EthicLensInputError(problem, column="STORE", fix=fix)

    def export(self, out: str | Path) -> Path:
        """Per-group rows to CSV or Parquet (written atomically: temporary file, rename)."""
        from ..fairness import in_python_words
        from ..io import _refuse_no_path, write_atomic

        _refuse_no_path(out, "out", "pass the file to write, e.g. 'runs.csv'", "argument")
        out = in_python_words(lambda: check_export_type(out), {"--out": "out"})
        frame = self.group_stats()
        if frame.empty:  # as pcer tables: a header-only file is no export of runs
            raise no_finished_runs()
        if out.suffix.lower() == ".parquet":
            data = frame.to_parquet(index=False)  # no path: the file's bytes
        else:
            from .._text import csv_safe_frame

            data = csv_safe_frame(frame).to_csv(index=False).encode()
        try:
            write_atomic(out, data)
        except OSError as exc:
            problem = f"cannot write {out} ({exc.strerror or exc}); nothing was written"
            fix = "free disk space or choose a writable path"
            raise EthicLensInputError(problem, column="--out", fix=fix) from exc
        return out

    def discard_new(self) -> None:
        """Close, removing the files this store's opening created when it holds no run (a sweep
        refused after opening a new store, e.g. an unreachable scheduler, leaves nothing)."""
        empty = self.conn is not None and not self.conn.execute("SELECT 1 FROM runs").fetchone()
        if empty and Path(os.path.realpath(self.path)) in self._created:
            self.conn.close()
            self.conn = None
            for p in self._created:  # before the lock is released
                p.unlink(missing_ok=True)
        self.close()

    def close(self) -> None:
        """Close the connection and release the lock (idempotent)."""
        conn = getattr(self, "conn", None)
        if conn is not None:
            conn.close()
            self.conn = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None


# A record's fields that the store's readers take as whole numbers, and the text ones (the
# rest are real numbers); the records of a sweep are plain Python values already.
WHOLE_FIELDS = ("seed", "n_train", "n_test", "group_index")
# a run's and a group's rates (a share of rows, the accuracy gap, an AUC): from 0 to 1
RATE_FIELDS = ("test_accuracy", "acc_train", "acc_test", "delta", "positive_rate", "tpr", "fpr")
RATE_FIELDS += ("mia_auc", "sample_rate")
# the rest that no run gives below 0: a budget spent, a noise scale, a time, a mean loss
NONNEGATIVE_FIELDS = ("epsilon_spent", "noise_multiplier", "wall_time_s")
NONNEGATIVE_FIELDS += ("mean_loss_train", "mean_loss_test")
TEXT_FIELDS = ("dataset", "status", "error", "accountant", "trainer", "attribute", "group")
# the NOT NULL columns (None was SQLite's constraint message, naming '--store')
REQUIRED_FIELDS = ("dataset", "seed", "status", "attribute", "group", "group_index")


def _group_row(group: GroupRecord, i: int) -> tuple:
    """A group's ``group_stats`` values (after run_id), each checked as :func:`_field`."""
    return tuple(_field(getattr(group, f), f, f"groups[{i}]") for f in GROUP_FIELDS)


def _field(value, name: str, where: str):
    """A record's field as the store keeps it: a NumPy scalar as the Python value it is (else
    sqlite3 wrote np.int64 as 8 bytes, which every reader then refused as damage, and a resume
    retrained the run), NaN as NULL (undefined). Refused before anything is written: a field
    of the wrong type (text or a bool for a number, a number for a name), a whole number that
    is negative or past SQLite's 64 bits, a group_index other than 0/1, a status other than
    done/failed, ±inf in a group's statistic, a rate outside [0, 1], a negative ε spent, σ,
    wall time or mean loss (the readers refuse each as damage)."""
    value = printed_float(value) if isinstance(value, np.floating) else plain(value)
    if value is None and name in REQUIRED_FIELDS:
        _refuse_field(where, name, value, "must be given (it is None)")
    if value is None or name == "epsilon":
        return value  # ε: epsilon_key's checks
    if name in TEXT_FIELDS:
        if not isinstance(value, str) or (value.strip() == "" and name not in ("error",)):
            _refuse_field(where, name, value, "must be non-empty text")
        if name == "status" and value not in ("done", "failed"):
            _refuse_field(where, name, value, "must be 'done' or 'failed'")
        if value != value.encode("utf-8", "backslashreplace").decode("utf-8"):
            # a lone surrogate (e.g. an undecodable file name): sqlite3 raised
            # UnicodeEncodeError inside the transaction, which stayed open (store locked)
            if name == "error":  # an exception's text, kept as escapes
                return value.encode("utf-8", "backslashreplace").decode("utf-8")
            _refuse_field(where, name, value, "must be text UTF-8 can hold (no lone surrogate)")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        _refuse_field(where, name, value, "must be a number (int or float)")
    if name in WHOLE_FIELDS:
        top = 1 if name == "group_index" else 2**63 - 1
        if not ((isinstance(value, int) or value.is_integer()) and 0 <= value <= top):
            _refuse_field(where, name, value, f"must be a whole number from 0 to {top}")
        return int(value)
    if math.isnan(value):
        return None  # undefined
    if math.isinf(value) and name in GROUP_FIELDS:
        _refuse_field(where, name, value, "must be finite (None where undefined)")
    if name in RATE_FIELDS and not 0 <= value <= 1:
        _refuse_field(where, name, value, "must be a rate from 0 to 1 (None where undefined)")
    if name in NONNEGATIVE_FIELDS and not value >= 0:
        _refuse_field(where, name, value, "must be a number from 0 (None where undefined)")
    return value


def _out_of_range(values: pd.Series, column: str) -> tuple[pd.Series, str] | None:
    """The stored numbers of ``column`` that :func:`_field` refuses to record (a rate outside
    [0, 1], a sample rate too; a count or seed that is negative or not whole; a negative ε
    spent, σ, wall time or mean loss), and what the column holds; None
    for a column without a range (group_index: the tables name a third group)."""
    if column in RATE_FIELDS:
        return (values < 0) | (values > 1), "a rate from 0 to 1"
    if column in NONNEGATIVE_FIELDS:
        return values < 0, "a number from 0"
    if column in WHOLE_FIELDS and column != "group_index":
        return values.notna() & ((values < 0) | (values % 1 != 0)), "a whole number from 0"
    return None


def _versions(value) -> str:
    """A run's package versions as the JSON text the store keeps (None: none recorded; a
    NumPy scalar as its Python value); not a mapping of names to text or numbers: refused
    naming the field, before any write (was a TypeError or ValueError traceback)."""
    value = {} if value is None else value
    if not isinstance(value, Mapping):
        _refuse_field("run", "versions", value, "must be a mapping of package -> version")
    try:
        return json.dumps({str(k): plain(v) for k, v in value.items()}, allow_nan=False)
    except (TypeError, ValueError):
        problem = "must map each package to its version as text (or a finite number)"
        _refuse_field("run", "versions", dict(value), problem)


def _refuse_field(where: str, name: str, value, problem: str) -> None:
    fix = "record the run as a sweep does: plain numbers and names (RunRecord, GroupRecord)"
    column = f"result.{where}.{name}"
    raise EthicLensInputError(problem, column=column, kind="argument", value=value, fix=fix)


def _read_key(key) -> str | None:
    """A stored ε key as a sweep writes it (``'none'``, ``'1.0'``; ``'inf'`` is ``'none'``), or
    None for a key that is no budget."""
    try:
        return epsilon_key(key) if isinstance(key, str) else None
    except EthicLensInputError:
        return None


def _shown(value) -> str:
    """A stored cell as an error quotes it: text quoted, a number as written (``inf``)."""
    return repr(value) if isinstance(value, str | bytes) else f"{float(value):g}"


def _store_path(path, flag: str) -> Path:
    """``path`` of a store as a Path; None, a number, bytes, blank text or a NUL in it is
    refused naming ``flag`` (not a TypeError from pathlib, nor '' read as the folder '.'); a
    folder ('.', '/') is left to the checks that say it is a folder, not a results store."""
    text = os.fspath(path) if isinstance(path, str | os.PathLike) else None
    if not (isinstance(text, str) and text.strip() and "\x00" not in text):
        _refuse_no_path(path, flag, "give the results store's .sqlite file, e.g. 'runs.sqlite'")
    return Path(path)


@refusing_unknown_keywords
def open_existing(path: str | Path) -> ResultsStore:
    """Open a store for reading tables, whatever grid made it; a missing, non-SQLite, foreign
    or damaged file is refused with the fix (and never modified).

    Parameters
    ----------
    path : str or Path

    Returns
    -------
    ResultsStore
    """
    path = _store_path(path, "STORE")
    if not path.exists():
        problem = f"results store {path} does not exist"
        fix = "run ethiclens pcer sweep --store PATH first"
        raise EthicLensInputError(problem, column="STORE", fix=fix)
    if not _check_file(path, "STORE"):
        raise _not_store(f"{path} is empty, not a results store")
    try:
        conn, _ = _connect_ro(path, "STORE")
    except sqlite3.Error as exc:
        raise _friendly(exc, path) from exc
    try:  # the configuration hash of an intact EthicLens results store (else refused)
        _check_integrity(conn, path, "STORE")
        if not OUR_TABLES <= _tables(conn):
            raise _not_store(f"{path} is not an EthicLens results store (no runs recorded in it)")
        _check_columns(conn, path, "STORE")
        row = conn.execute("SELECT value FROM meta WHERE key='config_hash'").fetchone()
        if row is None:
            raise _not_store(f"{path} is not an EthicLens results store")
        config_hash = row[0]
    except sqlite3.Error as exc:
        conn.close()
        raise _not_store(f"cannot read {path} ({exc})") from exc
    except BaseException:
        conn.close()
        raise
    # A reader: the read-only connection, no lock, nothing written (not even WAL mode).
    store = ResultsStore.__new__(ResultsStore)
    store.path, store._lock, store.conn, store.config_hash = path, None, conn, config_hash
    return store


def no_finished_runs() -> EthicLensInputError:
    """The refusal of a store without a finished run (``pcer tables`` and ``pcer export``)."""
    return EthicLensInputError(
        "the store has no finished runs", column="STORE", fix="run ethiclens pcer sweep first"
    )


def _not_store(problem: str) -> EthicLensInputError:
    """The refusal of a file ``pcer tables`` or ``pcer export`` cannot read as a store."""
    return EthicLensInputError(problem, column="STORE", fix="give the .sqlite file a sweep wrote")
