"""SQLite summed a table's INTEGER weights as integers: weights whose total passes 2**63 (each
2**61 here) failed the count ('the counting query failed: integer overflow') where pandas,
DuckDB, Dask and Spark sum them as doubles and audit the file. SQLite now reads a number as a
double, as they do and as PostgreSQL does: the same report as the table's CSV copy."""

import json
import sqlite3

import pytest

from ethiclens.cli import main

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = ["--y-true", "y", "--y-pred", "p", "--y-score", "s", "--protected", "race"]


def _report(argv, path):
    assert main([*argv, *ROLES, "--weight", "w", "--n-boot", "100", "--json", str(path)]) == 0
    report = json.loads(path.read_text())
    return report["attributes"], report["comparisons"]


def test_integer_weights_past_int64_sum_as_on_every_file_engine(tmp_path):
    frame = make_frame(31, n=300).assign(w=lambda f: (f["w"] * 4).astype("int64") * 2**59)
    frame.to_csv(tmp_path / "t.csv", index=False)
    with sqlite3.connect(tmp_path / "t.db") as con:
        frame.to_sql("t", con, index=False)  # w declared INTEGER
    from_db = _report(
        ["audit", "--db", f"sqlite:///{tmp_path / 't.db'}", "--table", "t"], tmp_path / "d.json"
    )
    assert from_db == _report(["audit", str(tmp_path / "t.csv")], tmp_path / "c.json")
