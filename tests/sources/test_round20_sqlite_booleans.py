"""Round 20: a SQLite table's BOOLEAN protected attribute (stored as the integers 0/1) is
audited with the groups ``False``/``True``, as the same data in a Parquet boolean column and
as SQLAlchemy's reflection (``pandas.read_sql_table``) read it; the SQL engine named them
``0``/``1``. Decided by the table's declared type, and only where every value is 0 or 1: a
BOOLEAN column holding 2 (SQLite does not enforce the type) keeps its values, and a query's
columns, which have no declared type, stay 0/1 (docs/engines.md)."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "flag", "--n-boot", "100"]


def _frame(n: int = 400) -> pd.DataFrame:
    r = np.random.default_rng(20)
    return pd.DataFrame(
        {"y": r.integers(0, 2, n), "p": r.integers(0, 2, n), "flag": r.random(n) < 0.4}
    )


def _db(tmp_path, frame: pd.DataFrame, declared: str = "BOOLEAN") -> str:
    db = tmp_path / "b.db"
    with sqlite3.connect(db) as con:
        con.execute(f"CREATE TABLE t (y INTEGER, p INTEGER, flag {declared})")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", frame.astype(object).values.tolist())
    return f"sqlite:///{db}"


def _report(capsys, *argv) -> dict:
    capsys.readouterr()
    assert main([str(a) for a in argv]) == 0
    report = json.JSONDecoder().raw_decode(capsys.readouterr().out)[0]
    return {k: report[k] for k in ("attributes", "comparisons")}


def _groups(report: dict) -> list:
    return [g["group"] for g in report["attributes"][0]["groups"]]


def test_a_sqlite_boolean_group_is_audited_as_the_parquet_boolean_column(tmp_path, capsys):
    frame = _frame()
    frame.to_parquet(tmp_path / "b.parquet", index=False)
    expected = _report(capsys, "audit", tmp_path / "b.parquet", *ROLES, "--json", "-")
    assert _groups(expected) == ["False", "True"]
    url = _db(tmp_path, frame)
    with sqlite3.connect(tmp_path / "b.db") as con:  # stored as the integers 0/1
        assert con.execute("SELECT DISTINCT typeof(flag) FROM t").fetchall() == [("integer",)]
    table = _report(capsys, "audit", "--db", url, "--table", "t", *ROLES, "--json", "-")
    assert table == expected
    counts = tmp_path / "c.parquet"
    argv = ["counts", "--db", url, "--table", "t", *ROLES[:6], "--out", counts]
    assert main([str(a) for a in argv]) == 0
    assert pd.read_parquet(counts)["flag"].map(type).eq(bool).all()
    assert _report(capsys, "audit", "--counts", counts, "--n-boot", "100", "--json", "-") == (
        expected
    )


def test_a_boolean_column_holding_other_values_a_query_and_an_integer_keep_0_1(tmp_path, capsys):
    frame = _frame().astype({"flag": object})
    frame.loc[:59, "flag"] = 2  # SQLite stores it: the declared type is not enforced
    (tmp_path / "two").mkdir()
    url = _db(tmp_path / "two", frame)
    table = _report(capsys, "audit", "--db", url, "--table", "t", *ROLES, "--json", "-")
    assert _groups(table) == ["0", "1", "2"]
    url = _db(tmp_path, _frame())
    query = ["--query", "SELECT * FROM t"]  # no declared type: documented in docs/engines.md
    assert _groups(_report(capsys, "audit", "--db", url, *query, *ROLES, "--json", "-")) == [
        "0",
        "1",
    ]
    (tmp_path / "int").mkdir()
    url = _db(tmp_path / "int", _frame(), "INTEGER")
    plain = _report(capsys, "audit", "--db", url, "--table", "t", *ROLES, "--json", "-")
    assert _groups(plain) == ["0", "1"]
