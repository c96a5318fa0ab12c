"""Round 19: a first run killed before its first commit (an empty file and its journal) does
not block later runs; DuckDB reads a CSV with mixed line endings; a new store in a folder
where no file can be created is refused in one line; a header-only daily export adds
nothing (exit 0, the store unchanged)."""

import subprocess
import sys

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import run_monitor

from .conftest import request_of, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]
ARGV += ["--protected", "race=White"]

# a first run's transaction opened and its schema begun, then the process dies (no commit)
_KILLED = """
import os, sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN IMMEDIATE")
con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
os._exit(9)
"""


def _killed_first_run(store):
    subprocess.run([sys.executable, "-c", _KILLED, str(store)], check=False)
    assert store.stat().st_size == 0
    assert store.with_name(store.name + "-journal").exists()


def test_killed_first_run_leaves_no_block(tmp_path, capsys):
    feed = write_days(tmp_path / "feed", range(2))
    store = tmp_path / "s.sqlite"
    _killed_first_run(store)
    rc, out, err = run_cli(capsys, "monitor", feed, *ARGV, "--store", store)
    assert rc == 0, err
    assert "stopped before its first commit" in out
    assert "2 new window(s) added" in out
    assert not store.with_name(store.name + "-journal").exists()
    rc, out, err = run_cli(capsys, "monitor", feed, *ARGV, "--store", store)
    assert rc == 0, err
    assert "2 already in the store" in out and "first commit" not in out


def test_killed_first_run_python_api(tmp_path):
    feed = write_days(tmp_path / "feed", range(2))
    store = tmp_path / "s.sqlite"
    _killed_first_run(store)
    result = run_monitor(request_of(feed), store)
    assert "stopped before its first commit" in result.to_dict()["run"]["notes"][0]


def test_empty_file_without_journal_is_started(tmp_path, capsys):
    # round 47 (known item d): started and said (was refused as damaged)
    feed = write_days(tmp_path / "feed", range(1))
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"")
    rc, out, err = run_cli(capsys, "monitor", feed, *ARGV, "--store", store)
    assert rc == 0 and "was an empty file (0 bytes, no journal)" in out, err


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_mixed_line_endings(tmp_path, capsys, engine):
    pytest.importorskip("duckdb")
    feed = write_days(tmp_path / "feed", range(1))
    day = feed / "day000.csv"
    with open(day, "ab") as fh:  # header and rows in \n, one row in \r\n
        fh.write(b"2024-03-01T05:00:00Z,1,1,White\r\n")
    store = tmp_path / f"{engine}.sqlite"
    rc, out, err = run_cli(capsys, "monitor", day, *ARGV, "--store", store, "--engine", engine)
    assert rc == 0, err
    assert "(401 rows, PROCESSED)" in out, out


def test_new_store_where_no_file_can_be_created(tmp_path, capsys, monkeypatch):
    feed = write_days(tmp_path / "feed", range(1))
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    rc, _, err = run_cli(capsys, "monitor", feed, *ARGV, "--store", blocker / "s.sqlite")
    assert rc == 2 and "option '--store': its folder" in err and "is a file" in err, err
    assert "Traceback" not in err and err.count("\n") == 1
    # a folder where the probe file cannot be made (root passes chmod): read-only
    import tempfile

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    rc, _, err = run_cli(capsys, "monitor", feed, *ARGV, "--store", tmp_path / "ro.sqlite")
    assert rc == 2, err
    assert "cannot be written: the file or its folder is read-only" in err, err
    assert not (tmp_path / "ro.sqlite").exists()


def test_new_store_connect_failure_is_one_line(tmp_path):
    feed = write_days(tmp_path / "feed", range(1))
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    with pytest.raises(EthicLensInputError, match="cannot be written"):
        run_monitor(request_of(feed), blocker / "s.sqlite")


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_header_only_day_adds_nothing(tmp_path, capsys, engine):
    pytest.importorskip("duckdb")
    feed = write_days(tmp_path / "feed", range(2))
    store = tmp_path / "s.sqlite"
    assert run_cli(capsys, "monitor", feed, *ARGV, "--store", store)[0] == 0
    before = store.read_bytes()
    empty = tmp_path / "empty.csv"
    empty.write_text("ts,label,pred,race\n")
    rc, out, err = run_cli(capsys, "monitor", empty, *ARGV, "--store", store, "--engine", engine)
    assert rc == 0, err
    assert "empty.csv has no rows: nothing to add" in out
    assert "0 new window(s) added" in out
    assert store.read_bytes() == before
    # the audit still refuses it; a first run has no store to report on
    rc, _, err = run_cli(capsys, "audit", empty, "--y-pred", "pred", "--protected", "race")
    assert rc == 2 and "no data rows" in err
    rc, _, err = run_cli(capsys, "monitor", empty, *ARGV, "--store", tmp_path / "new.sqlite")
    assert rc == 2 and "no data rows" in err
    assert not (tmp_path / "new.sqlite").exists()


def test_header_only_with_a_wrong_column_still_refused(tmp_path, capsys):
    feed = write_days(tmp_path / "feed", range(1))
    store = tmp_path / "s.sqlite"
    assert run_cli(capsys, "monitor", feed, *ARGV, "--store", store)[0] == 0
    empty = tmp_path / "empty.csv"
    empty.write_text("ts,label,prediction,race\n")
    rc, _, err = run_cli(capsys, "monitor", empty, *ARGV, "--store", store)
    assert rc == 2 and "pred" in err, err


def test_group_without_rows_in_the_last_windows_is_named(tmp_path, capsys):
    feed = write_days(tmp_path / "feed", range(2))
    write_days(tmp_path / "feed", range(2, 4), seed=1, groups=(["White", "Asian"], [0.7, 0.3]))
    store, page = tmp_path / "s.sqlite", tmp_path / "m.html"
    rc, out, err = run_cli(capsys, "monitor", feed, *ARGV, "--store", store, "--html", page)
    assert rc == 0, err
    lines = out.splitlines()
    black = lines.index("race: Black vs White")
    assert "  Black has no rows in windows 2 to 3 (ONE_GROUP)" in lines[black : black + 4]
    assert "Asian has no rows" not in out
    assert page.read_text().count("Black has no rows in windows 2 to 3 (ONE_GROUP)") == 2
