"""Round 36 review of 265bc7db (monitor counting: SQLite times in subqueries, one DuckDB
database per process). A SQLite table with a column of the subqueries' names (any case) was
counted with it: ``_ETHICLENS_SECS`` taken as the rows' epoch seconds (every row one day), a
``_ethiclens_hhmm`` column refused as a duplicate; a forked child destroying the database it
inherited (as its exit does) hung forever."""

from __future__ import annotations

import gc
import os
import signal
import sqlite3
import time

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, Window, count_windows
from ethiclens.monitor._windows import count_windows_sql
from ethiclens.sources import _duckdb_database

COLS = Columns(time="ts", y_pred="p", protected=("g",))
ROWS = [("2024-03-01T10:00:00Z", "A", 1), ("2024-03-02T11:00:00+02:00", "B", 0),
        ("2024-03-03 11:00:00.5", "A", 1)]  # fmt: skip


def _url(tmp_path, rows, extra=None, name=""):
    path = tmp_path / f"{name}{extra or 'plain'}.db"
    con = sqlite3.connect(path)
    more = f', "{extra}" TEXT' if extra else ""
    con.execute(f"CREATE TABLE t (ts TEXT, g TEXT, p INTEGER{more})")
    values = [(*r, *(["5"] if extra else [])) for r in rows]
    con.executemany(f"INSERT INTO t VALUES (?, ?, ?{', ?' if extra else ''})", values)
    con.commit()
    con.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize("extra", ["_ETHICLENS_SECS", "_ethiclens_hhmm", "_ethiclens_frac"])
def test_a_table_column_of_an_internal_name_is_not_read_as_the_time(tmp_path, extra):
    plain, named = _url(tmp_path, ROWS), _url(tmp_path, ROWS, extra)
    want = count_windows_sql(plain, COLS, Window("days", 1), table="t").table
    assert len(want) == 3  # a window a day
    pd.testing.assert_frame_equal(
        count_windows_sql(named, COLS, Window("days", 1), table="t").table, want
    )
    bad = [*ROWS, ("2024-02-30", "B", 1)]
    refusals = []
    for url in (_url(tmp_path, bad, name="bad"), _url(tmp_path, bad, extra, name="bad")):
        with pytest.raises(EthicLensInputError) as caught:
            count_windows_sql(url, COLS, Window("days", 1), table="t")
        refusals.append(str(caught.value))
    assert refusals[0] == refusals[1]
    assert "2024-02-30" in refusals[0]


def test_a_forked_child_exits_after_dropping_the_database(tmp_path):
    frame = pd.DataFrame({"ts": pd.date_range("2024-01-01", periods=50, freq="7h", tz="UTC"),
                          "p": np.arange(50) % 2, "g": ["A", "B"] * 25})  # fmt: skip
    want = count_windows(frame, COLS, Window("days", 1), engine="duckdb").table
    pid = os.fork()
    if pid == 0:  # the child: what its interpreter's exit does to the module, then a count
        code = 3
        try:
            _duckdb_database._DATABASE.clear()
            gc.collect()
            got = count_windows(frame, COLS, Window("days", 1), engine="duckdb").table
            code = 0 if got.equals(want) else 4
        finally:
            os._exit(code)
    deadline = time.monotonic() + 30
    while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    if done[0] == 0:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung destroying the DuckDB database it inherited")
    assert os.waitstatus_to_exitcode(done[1]) == 0
    # the parent counts on as before
    again = count_windows(frame, COLS, Window("days", 1), engine="duckdb").table
    pd.testing.assert_frame_equal(again, want)


def test_a_duckdb_without_the_file_cache_setting_counts(monkeypatch):
    """DuckDB 1.1 and 1.2 (pyproject: duckdb>=1.1) have no ``enable_external_file_cache``:
    setting it raised a CatalogException out of every DuckDB run."""
    import duckdb

    real = duckdb.connect

    class Before13:
        def __init__(self):
            self.db = real()

        def execute(self, sql):
            if "enable_external_file_cache" in sql:  # DuckDB 1.2.2's words
                unknown = 'unrecognized configuration parameter "enable_external_file_cache"'
                raise duckdb.CatalogException(f"Catalog Error: {unknown}")
            return self.db.execute(sql)

        def cursor(self):
            return self.db.cursor()

    frame = pd.DataFrame({"ts": pd.date_range("2024-01-01", periods=50, freq="7h", tz="UTC"),
                          "p": np.arange(50) % 2, "g": ["A", "B"] * 25})  # fmt: skip
    want = count_windows(frame, COLS, Window("days", 1), engine="duckdb").table
    monkeypatch.setattr(_duckdb_database, "_DATABASE", {})
    monkeypatch.setattr(duckdb, "connect", Before13)
    got = count_windows(frame, COLS, Window("days", 1), engine="duckdb").table
    pd.testing.assert_frame_equal(got, want)
    assert isinstance(_duckdb_database._DATABASE[os.getpid()], Before13)
