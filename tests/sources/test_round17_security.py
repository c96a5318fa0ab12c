"""Round 17 security findings in the sources: a SQLite database is opened read-only by the OS, so
reading a WAL-mode file leaves its bytes and its -wal/-shm files as they were."""

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_columns, sql_counts
from tests.sources.conftest import make_frame

N = 400

# A writer that leaves its rows in the WAL journal: no checkpoint, and the process exits
# without closing its connection (so nothing merges the journal into the file).
_WAL_WRITER = """
import os, sqlite3, sys
import pandas as pd
frame = pd.read_json(sys.argv[2])
con = sqlite3.connect(sys.argv[1])
con.execute("PRAGMA journal_mode=WAL")
con.execute("PRAGMA wal_autocheckpoint=0")
frame.to_sql("t", con, index=False)
con.commit()
os._exit(0)
"""


def _wal_db(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "w.db"
    rows = folder / "rows.json"
    make_frame(3, n=N).to_json(rows)
    subprocess.run([sys.executable, "-c", _WAL_WRITER, str(db), str(rows)], check=True)
    assert Path(f"{db}-wal").stat().st_size > 0  # the rows are in the journal only
    return db


def _state(db: Path) -> dict:
    """The file's checksum and which of its -wal/-shm files exist (with the journal's checksum)."""
    state = {"db": hashlib.sha256(db.read_bytes()).hexdigest(), "size": db.stat().st_size}
    state["mtime"] = db.stat().st_mtime_ns
    for end in ("-wal", "-shm"):
        side = Path(f"{db}{end}")
        state[end] = side.exists()
    wal = Path(f"{db}-wal")
    state["wal"] = hashlib.sha256(wal.read_bytes()).hexdigest() if wal.exists() else None
    return state


def _url(db: Path) -> str:
    return "sqlite:///" + quote(str(db))


ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]


def test_reading_a_wal_database_changes_nothing_and_reads_the_journal(tmp_path):
    db = _wal_db(tmp_path)
    before = _state(db)
    counts = sql_counts(_url(db), Roles(y_true="y", y_pred="p", protected=["race"]), table="t")
    assert int(counts["count"].sum()) == N  # the un-checkpointed rows are read
    assert _state(db) == before
    assert sql_columns(_url(db), query="SELECT * FROM t")[:2] == ["race", "sex"]
    assert _state(db) == before


@pytest.mark.parametrize("source", [["--table", "t"], ["--query", "SELECT * FROM t"]])
def test_audit_and_counts_of_a_wal_database_leave_it_as_it_was(tmp_path, capsys, source):
    db = _wal_db(tmp_path / "a folder ?#%20 odd")
    before = _state(db)
    report = tmp_path / "r.json"
    assert main(["audit", "--db", _url(db), *source, *ROLES, "--json", str(report)]) == 0
    assert _state(db) == before
    assert json.loads(report.read_text())["data"]["n_rows"] == N  # the journal's rows too
    out = tmp_path / "c.csv"
    assert main(["counts", "--db", _url(db), *source, *ROLES, "--out", str(out)]) == 0
    assert _state(db) == before


def test_a_wal_file_without_journal_gets_no_journal_files(tmp_path):
    db = tmp_path / "clean.db"
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=WAL")
    make_frame(4, n=50).to_sql("t", con, index=False)
    con.close()
    assert not Path(f"{db}-wal").exists()
    before = _state(db)
    counts = sql_counts(_url(db), Roles(y_pred="p", protected=["race"]), table="t")
    assert int(counts["count"].sum()) == 50
    assert _state(db) == before


def test_a_missing_sqlite_file_is_refused_and_not_created(tmp_path):
    db = tmp_path / "nope.db"
    with pytest.raises(EthicLensInputError, match="does not exist"):
        sql_columns(_url(db), table="t")
    assert not db.exists()


def test_an_in_memory_database_is_still_opened():
    with pytest.raises(EthicLensInputError, match="cannot be read"):
        sql_columns("sqlite://", table="t")
