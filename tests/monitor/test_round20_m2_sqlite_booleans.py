"""Round 20 (M2): the monitor reads a SQLite table's BOOLEAN group column (stored as 0/1) as the
groups False/True, as the audit's --table does (sources.sql_counts) and as the same data in a
Parquet boolean column is monitored; --protected b=True is accepted. A BOOLEAN column holding
another value, an INTEGER column and a --query's columns (no declared type) keep 0/1."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from .conftest import run_cli

pytest.importorskip("sqlalchemy")

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--n-boot", "200"]


def _frame(n: int = 600) -> pd.DataFrame:
    r = np.random.default_rng(20)
    return pd.DataFrame(
        {
            "b": r.random(n) < 0.4,
            "p": r.integers(0, 2, n),
            "ts": [f"2024-03-0{1 + i % 5}T10:00:00Z" for i in range(n)],
        }
    )


def _db(path, frame: pd.DataFrame, declared: str = "BOOLEAN") -> str:
    with sqlite3.connect(path) as con:
        con.execute(f"CREATE TABLE t (b {declared}, p INTEGER, ts TEXT)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", frame.astype(object).values.tolist())
    con.close()
    return f"sqlite:///{path}"


def _monitor(capsys, tmp_path, name, *source, protected="b=True"):
    out = tmp_path / f"{name}.json"
    rc, _, err = run_cli(capsys, "monitor", *source, *ARGV, "--protected", protected,
                         "--store", tmp_path / f"{name}.sqlite", "--json", out)  # fmt: skip
    return rc, err, (json.loads(out.read_text()) if rc == 0 else None)


def test_a_sqlite_boolean_group_is_monitored_as_the_parquet_boolean(tmp_path, capsys):
    frame = _frame()
    frame.to_parquet(tmp_path / "b.parquet", index=False)
    rc, err, expected = _monitor(capsys, tmp_path, "file", tmp_path / "b.parquet")
    assert rc == 0, err
    url = _db(tmp_path / "b.db", frame)
    rc, err, doc = _monitor(capsys, tmp_path, "table", "--db", url, "--table", "t")
    assert rc == 0, err  # was: --protected b=True refused, "choose from ['0', '1']"
    assert doc["comparisons"] == expected["comparisons"]
    groups = {c["group"] for c in doc["comparisons"]} | {c["reference"] for c in doc["comparisons"]}
    assert groups == {"False", "True"}, doc["comparisons"]
    # a baseline table of the same database is read likewise (its groups are the target's)
    with sqlite3.connect(tmp_path / "b.db") as con:
        con.execute("CREATE TABLE base (b BOOLEAN, p INTEGER, ts TEXT)")
        con.execute("INSERT INTO base SELECT * FROM t")
    con.close()
    rc, err, doc = _monitor(capsys, tmp_path, "base", "--db", url, "--table", "t",
                            "--baseline-table", "base")  # fmt: skip
    assert rc == 0, err
    assert "False" in json.dumps(doc["comparisons"]), doc["comparisons"]


@pytest.mark.parametrize("kind", ["two", "integer", "query"])
def test_other_columns_and_a_query_keep_0_1(kind, tmp_path, capsys):
    frame = _frame().astype({"b": int})
    if kind == "two":
        frame.loc[:59, "b"] = 2  # SQLite stores it: the declared type is not enforced
    url = _db(tmp_path / "b.db", frame, "INTEGER" if kind == "integer" else "BOOLEAN")
    source = ["--query", "SELECT * FROM t"] if kind == "query" else ["--table", "t"]
    rc, err, doc = _monitor(capsys, tmp_path, kind, "--db", url, *source, protected="b=1")
    assert rc == 0, err
    groups = {c["group"] for c in doc["comparisons"]} | {c["reference"] for c in doc["comparisons"]}
    assert groups == ({"0", "1", "2"} if kind == "two" else {"0", "1"}), doc["comparisons"]
