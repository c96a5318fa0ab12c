"""The results store: SQLite (standard library) in WAL mode, one transaction per finished run.

A run is (dataset, ε, seed); its per-attribute, per-group statistics are written with it in the
same transaction, so a killed sweep leaves only whole runs behind and resumes where it stopped.
A store belongs to one grid configuration and code version (``config_hash``) and refuses runs
from another.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pandas as pd

from ..errors import EthicLensInputError

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


def epsilon_key(eps) -> str:
    return "none" if eps is None else repr(float(eps))


def _friendly(exc: sqlite3.Error, path) -> EthicLensInputError:
    text = str(exc)
    if "readonly" in text or "unable to open" in text:
        return EthicLensInputError(f"cannot write the results store {path} ({text})",
                                   column="--store", fix="choose a writable path")
    if "disk is full" in text or "disk I/O" in text:
        return EthicLensInputError(f"the results store {path} could not be written ({text}); "
                                   "every run finished before this is safe in the store",
                                   column="--store", fix="free disk space and rerun the same "
                                   "command: it resumes")
    return EthicLensInputError(f"results store {path}: {text}", column="--store")


class ResultsStore:
    """Open (or create) a store for one grid configuration."""

    def __init__(self, path: str | Path, config_hash: str, grid: dict | None = None):
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise EthicLensInputError(f"folder {self.path.parent} does not exist",
                                      column="--store", fix="create it or choose another path")
        try:
            self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self.conn.executescript(SCHEMA)
            self._claim(config_hash, grid)
        except sqlite3.Error as exc:
            raise _friendly(exc, self.path) from exc

    def _claim(self, config_hash, grid):
        row = self.conn.execute("SELECT value FROM meta WHERE key='config_hash'").fetchone()
        if row is None:
            with self.conn:
                self.conn.execute("BEGIN")
                self.conn.executemany("INSERT INTO meta VALUES (?, ?)", [
                    ("config_hash", config_hash),
                    ("grid", json.dumps(grid or {})),
                    ("created", datetime.now(UTC).isoformat(timespec="seconds")),
                ])
        elif row[0] != config_hash:
            raise EthicLensInputError(
                f"the store {self.path} holds runs of another grid configuration or code "
                f"version (config {row[0]}, this sweep {config_hash}); mixing them would "
                "corrupt the tables", column="--store",
                fix="start a new store (--store NEW.sqlite) or rerun with the original settings")
        self.config_hash = config_hash

    def finished(self) -> set[tuple[str, str, int]]:
        rows = self.conn.execute("SELECT dataset, epsilon_key, seed FROM runs "
                                 "WHERE status='done'").fetchall()
        return {(d, e, s) for d, e, s in rows}

    def record(self, result: dict) -> None:
        """Write one run and its group statistics atomically (failed runs keep their error)."""
        run = result["run"]
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("DELETE FROM runs WHERE dataset=? AND epsilon_key=? AND seed=?",
                              (run["dataset"], epsilon_key(run["epsilon"]), run["seed"]))
            cur = self.conn.execute(
                "INSERT INTO runs (dataset, epsilon_key, epsilon, seed, status, error, "
                "epsilon_spent, noise_multiplier, accountant, sample_rate, trainer, wall_time_s,"
                " test_accuracy, n_train, n_test, config_hash, versions, finished_at) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run["dataset"], epsilon_key(run["epsilon"]), run["epsilon"], run["seed"],
                 run["status"], run.get("error"), run.get("epsilon_spent"),
                 run.get("noise_multiplier"), run.get("accountant"), run.get("sample_rate"),
                 run.get("trainer"), run.get("wall_time_s"), run.get("test_accuracy"),
                 run.get("n_train"), run.get("n_test"), self.config_hash,
                 json.dumps(run.get("versions", {})),
                 datetime.now(UTC).isoformat(timespec="seconds")))
            run_id = cur.lastrowid
            self.conn.executemany(
                "INSERT INTO group_stats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(run_id, g["attribute"], g["group"], g["group_index"], g["n_train"],
                  g["n_test"], g["acc_train"], g["acc_test"], g["delta"], g["positive_rate"],
                  g["tpr"], g["fpr"], g["mia_auc"], g["mean_loss_train"], g["mean_loss_test"])
                 for g in result.get("groups", [])])
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise _friendly(exc, self.path) from exc

    def runs(self) -> pd.DataFrame:
        return pd.read_sql_query("SELECT * FROM runs ORDER BY dataset, epsilon_key, seed",
                                 self.conn)

    def group_stats(self) -> pd.DataFrame:
        """One row per (finished run, attribute, group) with the run's settings."""
        return pd.read_sql_query(
            "SELECT r.dataset, r.epsilon, r.epsilon_key, r.seed, r.epsilon_spent, "
            "r.noise_multiplier, r.test_accuracy, r.wall_time_s, r.trainer, g.* "
            "FROM group_stats g JOIN runs r USING (run_id) WHERE r.status='done' "
            "ORDER BY r.dataset, g.attribute, r.epsilon_key, r.seed, g.group_index", self.conn)

    def export(self, out: str | Path) -> Path:
        """Per-group rows to CSV or Parquet."""
        out = Path(out)
        frame = self.group_stats()
        if out.suffix == ".parquet":
            frame.to_parquet(out, index=False)
        elif out.suffix == ".csv":
            frame.to_csv(out, index=False)
        else:
            raise EthicLensInputError("unknown export type", column="--out", value=out.suffix,
                                      fix="use .csv or .parquet")
        return out

    def close(self) -> None:
        self.conn.close()


def open_existing(path: str | Path) -> ResultsStore:
    """Open a store for reading tables, whatever grid made it."""
    path = Path(path)
    if not path.exists():
        raise EthicLensInputError(f"results store {path} does not exist", column="STORE",
                                  fix="run ethiclens pcer sweep --store PATH first")
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT value FROM meta WHERE key='config_hash'").fetchone()
    conn.close()
    if row is None:
        raise EthicLensInputError(f"{path} is not an EthicLens results store", column="STORE")
    return ResultsStore(path, row[0])
