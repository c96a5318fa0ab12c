"""Round 22: the monitor reads a SQLite table whose own name holds a dot (``pred.log``,
``my table.v2``) as the audit's ``--table`` does (``sources.sql_source`` with the database:
the table of that very name first, else schema.table); it used to split the name into
schema and table and fail with 'no such table: pred.log'. ``main.t`` (SQLite's schema
``main``) is still schema.table."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from .conftest import run_cli

pytest.importorskip("sqlalchemy")

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g", "--n-boot", "200"]


def _frame(seed: int = 22, n: int = 600) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "g": r.choice(["a", "b"], n),
            "p": r.integers(0, 2, n),
            "ts": [f"2024-03-0{1 + i % 5}T10:00:00Z" for i in range(n)],
        }
    )


def _db(path, tables: dict) -> str:
    with sqlite3.connect(path) as con:
        for name, frame in tables.items():
            con.execute(f'CREATE TABLE "{name}" (g TEXT, p INTEGER, ts TEXT)')
            con.executemany(
                f'INSERT INTO "{name}" VALUES (?, ?, ?)', frame.astype(object).values.tolist()
            )
    con.close()
    return f"sqlite:///{path}"


def _monitor(capsys, tmp_path, name, *source):
    out = tmp_path / f"{name}.json"
    rc, _, err = run_cli(capsys, "monitor", *source, *ARGV,
                         "--store", tmp_path / f"{name}.sqlite", "--json", out)  # fmt: skip
    return rc, err, (json.loads(out.read_text()) if rc == 0 else None)


@pytest.mark.parametrize("table", ["pred.log", "my table.v2"])
def test_a_dotted_table_name_is_one_table(table, tmp_path, capsys):
    frame = _frame()
    frame.to_csv(tmp_path / "rows.csv", index=False)
    rc, err, expected = _monitor(capsys, tmp_path, "file", tmp_path / "rows.csv")
    assert rc == 0, err
    url = _db(tmp_path / "d.db", {table: frame, "t": _frame(7)})
    rc, err, doc = _monitor(capsys, tmp_path, "table", "--db", url, "--table", table)
    assert rc == 0, err  # was: "the query failed: no such table: pred.log"
    assert doc["comparisons"] == expected["comparisons"]
    # a baseline table of that kind too
    rc, err, doc = _monitor(capsys, tmp_path, "base", "--db", url, "--table", "t",
                            "--baseline-table", table)  # fmt: skip
    assert rc == 0, err
    assert doc["comparisons"], doc


def test_schema_dot_table_still_reads_the_schema(tmp_path, capsys):
    frame = _frame()
    url = _db(tmp_path / "d.db", {"t": frame})
    rc, err, plain = _monitor(capsys, tmp_path, "plain", "--db", url, "--table", "t")
    assert rc == 0, err
    rc, err, doc = _monitor(capsys, tmp_path, "main", "--db", url, "--table", "main.t")
    assert rc == 0, err
    assert doc["comparisons"] == plain["comparisons"]
    rc, err, _ = _monitor(capsys, tmp_path, "none", "--db", url, "--table", "no.such")
    assert rc == 2 and "no.such" in err and "Traceback" not in err, err
