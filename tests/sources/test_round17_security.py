"""Round 17 security findings in the sources: a SQLite database is opened read-only by the OS, so
reading a WAL-mode file leaves its bytes and its -wal/-shm files as they were."""

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pandas as pd
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
    # a SQLite URI the user gave, asking for read-write-create: opened read-only all the same
    uri = f"sqlite:///file:{quote(str(db))}?mode=rwc&uri=true"
    counts = sql_counts(uri, Roles(y_pred="p", protected=["race"]), table="t")
    assert int(counts["count"].sum()) == N
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


# -- a counts CSV is formula-safe and reads back exactly ------------------------------------

HOSTILE_GROUPS = ["=cmd|' /C calc'!A0", "+SUM(A1)", "-x", "@a", "'quoted", "''two", "plain"]


def _rows_with_hostile_groups(tmp_path) -> Path:
    frame = make_frame(5, n=700)
    frame["race"] = [HOSTILE_GROUPS[i % len(HOSTILE_GROUPS)] for i in range(len(frame))]
    frame["=col"] = frame["sex"]
    rows = tmp_path / "rows.csv"
    frame.to_csv(rows, index=False)
    return rows


def _fields(path: Path) -> list[str]:
    import csv

    with open(path, newline="") as fh:
        return [field for row in csv.reader(fh) for field in row]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask", "sqlite"])
def test_counts_csv_is_formula_safe_and_audits_as_the_rows(tmp_path, capsys, engine):
    rows = _rows_with_hostile_groups(tmp_path)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--protected", "=col"]
    out = tmp_path / "c.csv"
    if engine == "sqlite":
        db = tmp_path / "rows.db"
        with sqlite3.connect(db) as con:
            pd.read_csv(rows).to_sql("t", con, index=False)
        source = ["--db", _url(db), "--table", "t"]
    else:
        source = [str(rows), "--engine", engine]
    assert main(["counts", *source, *roles, "--out", str(out)]) == 0
    fields = _fields(out)
    assert not [f for f in fields if f.startswith(("=", "+", "-", "@"))]
    assert "'=cmd|' /C calc'!A0" in fields and "'''two" in fields and "'=col" in fields
    direct, from_counts = tmp_path / "rows.json", tmp_path / "counts.json"
    assert main(["audit", str(rows), *roles, "--json", str(direct)]) == 0
    assert main(["audit", "--counts", str(out), "--json", str(from_counts)]) == 0
    a, b = json.loads(direct.read_text()), json.loads(from_counts.read_text())
    assert a["attributes"] == b["attributes"]  # the same groups, names and numbers
    assert {g["group"] for g in b["attributes"][0]["groups"]} == set(HOSTILE_GROUPS)
    assert b["attributes"][1]["name"] == "=col"


def test_a_counts_csv_without_the_quote_record_reads_as_written(tmp_path):
    from ethiclens.sources import read_counts, write_counts

    table = pd.DataFrame({"race": ["'a", "b"], "y_true": [1, 0], "y_pred": [1, 1], "count": [3, 4]})
    out = tmp_path / "c.csv"
    write_counts(table, out)
    assert list(read_counts(out)["race"]) == ["'a", "b"]
    meta = Path(f"{out}.ethiclens.json")
    meta.write_text(meta.read_text().replace(', "ethiclens_csv_quoted": true', ""))
    assert list(read_counts(out)["race"]) == ["''a", "b"]  # a hand-made CSV: as written


# -- an unclosed quote in --query is named with its place ----------------------------------


@pytest.mark.parametrize(
    ("query", "dialect", "said"),
    [
        (
            "SELECT * FROM t WHERE race = 'a",
            "sqlite",
            "string literal opened by ' at line 1, column 30",
        ),
        ('SELECT "race FROM t', "postgres", 'quoted name opened by " at line 1, column 8'),
        ("SELECT 1 FROM t WHERE a = 'x'\nAND b = 'y", "postgres", "at line 2, column 9"),
        ("SELECT * FROM t WHERE x = $$abc", "postgres", "dollar-quoted string opened by $$"),
    ],
)
def test_an_unclosed_quote_is_named_with_its_place(query, dialect, said):
    from ethiclens.sources._sql import read_only_query

    with pytest.raises(EthicLensInputError) as caught:
        read_only_query(query, dialect)
    message = str(caught.value)
    assert said in message and "is not closed" in message and "TokenError" not in message
    assert "--query" in message


# -- postgres:// is named with the spelling SQLAlchemy reads ---------------------------------


@pytest.mark.parametrize(
    ("url", "spelling"),
    [
        ("postgres://bob:Sekr3tPw@db.example/prod", "spell the scheme postgresql://"),
        ("postgres+psycopg://bob:Sekr3tPw@db.example/prod", "postgresql+psycopg://"),
    ],
)
def test_postgres_scheme_says_how_to_spell_it(capsys, url, spelling):
    args = ["audit", "--db", url, "--table", "t", "--y-pred", "p", "--protected", "race"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert spelling in err and "does not know the scheme" in err
    assert "Sekr3tPw" not in err and "enforce a read-only" not in err
