"""Round 18: a counts CSV reads back group names holding line breaks; two files without rows
are not refused as copies of each other."""

import csv
import json

import numpy as np
import pytest

from ethiclens.cli import main
from tests.sources.conftest import make_frame

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
BROKEN_GROUPS = ["a\rb", "c\nd", "e\r\nf", "plain"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_counts_csv_keeps_group_names_with_line_breaks(tmp_path, capsys, engine):
    frame = make_frame(3, n=800)
    frame["race"] = [BROKEN_GROUPS[i % len(BROKEN_GROUPS)] for i in range(len(frame))]
    rows, out = tmp_path / "rows.csv", tmp_path / "c.csv"
    frame.to_csv(rows, index=False, quoting=csv.QUOTE_NONNUMERIC)  # quoted: a lone CR survives
    assert main(["counts", str(rows), *ROLES, "--engine", engine, "--out", str(out)]) == 0
    direct, from_counts = tmp_path / "rows.json", tmp_path / "counts.json"
    assert main(["audit", str(rows), *ROLES, "--json", str(direct)]) == 0
    assert main(["audit", "--counts", str(out), "--json", str(from_counts)]) == 0
    a, b = json.loads(direct.read_text()), json.loads(from_counts.read_text())
    assert a["attributes"] == b["attributes"]
    assert {g["group"] for g in b["attributes"][0]["groups"]} == set(BROKEN_GROUPS)


def test_a_counts_csv_without_line_breaks_keeps_unix_line_ends(tmp_path):
    rows, out = tmp_path / "rows.csv", tmp_path / "c.csv"
    make_frame(3, n=300).to_csv(rows, index=False)
    assert main(["counts", str(rows), *ROLES, "--out", str(out)]) == 0
    assert b"\r" not in out.read_bytes()


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_two_header_only_files_are_not_called_copies(tmp_path, capsys, engine):
    folder = tmp_path / "parts"
    folder.mkdir()
    for name in ("a.csv", "b.csv"):
        (folder / name).write_text("race,y,p\n")
    argv = ["audit", str(folder / "*.csv"), *ROLES, "--engine", engine]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "same file twice" not in err and "no data rows" in err, err


def test_two_parquet_files_of_no_rows_are_not_called_copies(tmp_path, capsys):
    folder = tmp_path / "parts"
    folder.mkdir()
    frame = make_frame(3, n=10).iloc[:0]
    for name in ("a.parquet", "b.parquet"):
        frame.to_parquet(folder / name, index=False)
    assert main(["audit", str(folder / "*.parquet"), *ROLES]) == 2
    err = capsys.readouterr().err
    assert "same file twice" not in err, err


def test_two_copies_with_rows_are_still_refused(tmp_path, capsys):
    folder = tmp_path / "parts"
    folder.mkdir()
    for name in ("a.csv", "b.csv"):
        make_frame(3, n=50).to_csv(folder / name, index=False)
    assert main(["audit", str(folder / "*.csv"), *ROLES]) == 2
    assert "same file twice" in capsys.readouterr().err


# -- a SQLite journal that must be replayed first is named ------------------------------------

_CUT_OFF_WRITE = """
import os, sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA cache_size=1")  # spill the change into the file before the commit
con.execute("BEGIN")
con.execute("DELETE FROM t")
con.execute("INSERT INTO t SELECT * FROM t")
os._exit(0)  # a crash: the rollback journal stays, hot
"""


_WAL_LEFT_OPEN = """
import os, sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA journal_mode=WAL")
con.execute("PRAGMA wal_autocheckpoint=0")
con.execute("CREATE TABLE t2 AS SELECT * FROM t")
os._exit(0)  # no close, no checkpoint: the writes stay in the -wal
"""


def _database(path):
    import sqlite3

    con = sqlite3.connect(path)
    make_frame(3, n=300).to_sql("t", con, index=False)
    con.close()
    return path


def _run(script, db):
    import subprocess
    import sys

    subprocess.run([sys.executable, "-c", script, str(db)], check=True)


def test_a_hot_rollback_journal_is_named_and_left_alone(tmp_path, capsys):
    db = _database(tmp_path / "hot.db")
    _run(_CUT_OFF_WRITE, db)
    journal = tmp_path / "hot.db-journal"
    before = (db.read_bytes(), journal.read_bytes())
    argv = ["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "leftover rollback journal hot.db-journal" in err and "sqlite3 hot.db" in err, err
    assert "check the table name" not in err
    assert (db.read_bytes(), journal.read_bytes()) == before


def test_a_wal_whose_index_cannot_be_made_is_named(tmp_path):
    import sqlalchemy as sa

    from ethiclens.sources._sql import _Db, _sqlite_file_error

    def _journal_error(sa, db):  # the journal's refusal, whatever the driver's error said
        return _sqlite_file_error(sa, db, Exception(""))

    db = _database(tmp_path / "w.db")
    _run(_WAL_LEFT_OPEN, db)
    (tmp_path / "w.db-shm").unlink()
    assert (tmp_path / "w.db-wal").stat().st_size > 0
    err = _journal_error(sa, _Db(f"sqlite:///{db}"))
    assert "w.db-wal holds writes not yet copied into w.db" in str(err)
    assert "copy w.db and w.db-wal to a writable folder" in str(err)
    assert _journal_error(sa, _Db(f"sqlite:///{_database(tmp_path / 'plain.db')}")) is None


# -- the input fingerprint is the data's, not the spelling's ----------------------------------


def _fingerprint(capsys, tmp_path, argv) -> dict:
    out = tmp_path / "fp.json"
    assert main([*argv, "--n-boot", "100", "--json", str(out)]) == 0, capsys.readouterr().err
    return json.loads(out.read_text())["run"]["input"]


def test_a_sqlite_file_is_fingerprinted_by_its_bytes(tmp_path, capsys, monkeypatch):
    import sqlite3

    db = _database(tmp_path / "w.db")
    audit = ["audit", "--table", "t", *ROLES]
    here = _fingerprint(capsys, tmp_path, [*audit, "--db", f"sqlite:///{db}"])
    monkeypatch.chdir(tmp_path)
    relative = _fingerprint(capsys, tmp_path, [*audit, "--db", "sqlite:///w.db"])
    assert here["sha256"] == relative["sha256"] and "files" not in here
    with sqlite3.connect(db) as con:  # the same rows, one prediction flipped
        con.execute("UPDATE t SET p = 1 - p WHERE rowid = 1")
    con.close()
    changed = _fingerprint(capsys, tmp_path, [*audit, "--db", "sqlite:///w.db"])
    assert changed["rows"] == here["rows"] and changed["sha256"] != here["sha256"]


def test_a_counts_csv_fingerprint_holds_its_metadata_file(tmp_path, capsys):
    rows, out = tmp_path / "rows.csv", tmp_path / "c.csv"
    make_frame(3, n=300).to_csv(rows, index=False)
    assert main(["counts", str(rows), *ROLES, "--out", str(out)]) == 0
    files = _fingerprint(capsys, tmp_path, ["audit", "--counts", str(out)])["files"]
    assert sorted(files) == [str(out), f"{out}.ethiclens.json"]


# -- a counts CSV labels its groups as the row audit does -------------------------------------


def _parquet_groups(tmp_path, column):
    import pyarrow as pa
    import pyarrow.parquet as pq

    n = len(column)
    rng = np.random.default_rng(4)
    table = pa.table({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "race": column})
    path = tmp_path / "rows.parquet"
    pq.write_table(table, path)
    return path


def _groups_of(capsys, tmp_path, argv) -> list:
    out = tmp_path / "g.json"
    assert main([*argv, "--n-boot", "100", "--json", str(out)]) == 0, capsys.readouterr().err
    return [g["group"] for g in json.loads(out.read_text())["attributes"][0]["groups"]]


@pytest.mark.parametrize(
    "kind, labels",
    [
        ("midnight-timestamps", ["2020-01-01 00:00:00", "2020-01-02 00:00:00"]),
        ("bytes", ["A", "B"]),
        ("float32", ["0.1", "0.33333334"]),
        ("float16", ["0.099975586", "0.33325195"]),  # read as float32 (pandas has no float16)
    ],
)
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_counts_csv_labels_groups_as_the_rows_audit(tmp_path, capsys, kind, labels, engine):
    import datetime

    import pyarrow as pa

    n = 400
    column = {
        "midnight-timestamps": pa.array(
            [datetime.datetime(2020, 1, 1 + i % 2) for i in range(n)], pa.timestamp("us")
        ),
        "bytes": pa.array([b"AB"[i % 2 : i % 2 + 1] for i in range(n)]),
        "float32": pa.array(np.array([0.1, 1 / 3] * (n // 2), dtype=np.float32)),
        "float16": pa.array(np.array([0.1, 1 / 3] * (n // 2), dtype=np.float16)),
    }[kind]
    rows, out = _parquet_groups(tmp_path, column), tmp_path / "c.csv"
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    assert _groups_of(capsys, tmp_path, ["audit", str(rows), *roles, "--engine", engine]) == labels
    assert main(["counts", str(rows), *roles, "--engine", engine, "--out", str(out)]) == 0
    assert _groups_of(capsys, tmp_path, ["audit", "--counts", str(out)]) == labels


def test_a_counts_table_refusal_names_the_columns_it_was_counted_from(tmp_path, capsys):
    frame = make_frame(3, n=400)
    frame["label"] = np.where(frame["y"] == 1, "yes", "no")
    frame = frame.rename(columns={"p": "pred"})
    rows, out = tmp_path / "rows.csv", tmp_path / "c.parquet"
    frame.to_csv(rows, index=False)
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    assert main(["counts", str(rows), *roles, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["audit", str(rows), *roles, "--pos-label", "yes"]) == 2
    from_rows = capsys.readouterr().err
    assert main(["audit", "--counts", str(out), "--pos-label", "yes"]) == 2
    assert capsys.readouterr().err == from_rows
    assert "'label' holds 'yes', 'pred' holds 0, 1;" in from_rows


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_binary_labels_in_parquet_read_as_their_text_on_every_engine(tmp_path, capsys, engine):
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(3)
    n = 500
    words = [b"no", b"yes"]
    table = pa.table(
        {
            "y": pa.array([words[v] for v in rng.integers(0, 2, n)], pa.binary()),
            "p": pa.array([words[v] for v in rng.integers(0, 2, n)], pa.binary()),
            "race": rng.choice(["A", "B"], n),
        }
    )
    rows = tmp_path / "lab.parquet"
    pq.write_table(table, rows)
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--pos-label", "yes"]
    got = tmp_path / "got.json"
    assert main(["audit", str(rows), *roles, "--engine", engine, "--json", str(got)]) == 0
    frame = table.to_pandas()
    text = frame.assign(y=frame.y.str.decode("utf-8"), p=frame.p.str.decode("utf-8"))
    text.to_csv(tmp_path / "text.csv", index=False)
    want = tmp_path / "want.json"
    assert main(["audit", str(tmp_path / "text.csv"), *roles, "--json", str(want)]) == 0
    comparisons = [json.loads(p.read_text())["comparisons"] for p in (got, want)]
    assert comparisons[0] == comparisons[1]
    out = tmp_path / "c.csv"
    assert main(["counts", str(rows), *roles[:-2], "--engine", engine, "--out", str(out)]) == 0


def test_a_file_that_is_no_sqlite_database_is_named(tmp_path, capsys):
    db = tmp_path / "notdb.db"
    db.write_text("hello\n")
    assert main(["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES]) == 2
    err = capsys.readouterr().err
    assert "notdb.db is not a SQLite database" in err and "check the table name" not in err


def test_a_locked_sqlite_database_is_named():
    import sqlalchemy as sa

    from ethiclens.sources._sql import _Db, _sqlite_file_error

    err = _sqlite_file_error(sa, _Db("sqlite:////tmp/x.db"), OSError("database is locked"))
    assert "x.db is locked: another process is writing to it" in str(err)
    assert _sqlite_file_error(sa, _Db("sqlite:////tmp/x.db"), OSError("no such table")) is None
