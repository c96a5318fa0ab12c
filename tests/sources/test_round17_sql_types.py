"""Round 17: a database's score or weight column whose own type is text (numbers stored as
text) or true/false is refused in the words a Parquet file's string or boolean column gets
(``_rules.refuse_typed_numbers`` through the SQL locator's ``typed_values``), for a table and
a query, on SQLite and PostgreSQL; the database is only read."""

from __future__ import annotations

import hashlib
import re
import sqlite3

import pytest

from ethiclens.cli import main

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "100"]
CASES = [
    ("w", str, "--weight", "holds the text values"),
    ("s", str, "--y-score", "holds the text values"),
    ("w", lambda c: c > 1, "--weight", "holds true/false, not weights"),
    ("s", lambda c: c > 0.5, "--y-score", "holds true/false"),
]


def _error(capsys, *argv) -> str:
    assert main(list(map(str, argv))) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def _frame(column, change):
    frame = make_frame(11, n=300)
    frame[column] = frame[column].astype(object) if change is str else change(frame[column])
    if change is str:
        frame[column] = frame[column].map(str)
    return frame


def _in_the_table(words: str) -> str:
    """A file's refusal as a database's reads (round 50: its fix names the table)."""
    return words.replace(" in the file or table", " in the table").replace(
        " in the file)", " in the table)"
    )


def _sqlite(tmp_path, frame, column, change):
    """Table ``t`` with ``column`` declared TEXT (numbers as text) or BOOLEAN."""
    db = tmp_path / "t.db"
    declared = "TEXT" if change is str else "BOOLEAN"
    types = {c: declared if c == column else "" for c in frame.columns}
    with sqlite3.connect(db) as con:
        con.execute(f"CREATE TABLE t ({', '.join(f'{c} {k}' for c, k in types.items())})")
        marks = ", ".join("?" * len(types))
        con.executemany(f"INSERT INTO t VALUES ({marks})", frame.astype(object).values.tolist())
    return db


@pytest.mark.parametrize(("column", "change", "flag", "words"), CASES)
def test_sqlite_text_or_boolean_column_is_refused_as_the_parquet_column(
    tmp_path, capsys, column, change, flag, words
):
    frame = _frame(column, change)
    frame.to_parquet(tmp_path / "rows.parquet", index=False)
    args = [*ROLES, flag, column]
    expected = _error(capsys, "audit", tmp_path / "rows.parquet", *args, "--engine", "pandas")
    assert words in expected, expected
    expected = _in_the_table(expected)
    db = _sqlite(tmp_path, frame, column, change)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    url = f"sqlite:///{db}"
    assert _error(capsys, "audit", "--db", url, "--table", "t", *args) == expected
    if change is str:  # a query's column has no declared type: SQLite's typeof says text
        query = "SELECT * FROM t WHERE race <> 'Z'"
        said = _error(capsys, "audit", "--db", url, "--query", query, *args)
        assert said == expected.replace(" in the table", " in the query's result")
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.parquet", "t.db"]


def test_sqlite_numbers_stay_numbers_and_a_stray_text_value_is_read_by_the_rows_rule(
    tmp_path, capsys
):
    """A REAL column's numbers count; one 'inf' stored as text in it is text, refused as
    pandas.read_sql's rows of it are (round 20: it was taken for the number infinity, which
    SQLite's own CAST reads as 0)."""
    frame = make_frame(12, n=300)
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
        con.execute("UPDATE t SET w = 'inf' WHERE rowid = 6")
    url = f"sqlite:///{db}"
    err = _error(capsys, "audit", "--db", url, "--table", "t", *ROLES, "--weight", "w")
    assert "holds the text values ['inf'], not numbers (a string column)" in err, err
    assert "finite" not in err, err
    assert main(["audit", "--db", url, "--table", "t", *ROLES, "--y-score", "s"]) == 0


@pytest.mark.parametrize(("column", "change", "flag", "words"), CASES)
def test_postgres_text_or_boolean_column_is_refused_as_the_parquet_column(
    postgres_url, tmp_path, capsys, column, change, flag, words
):
    import sqlalchemy as sa

    frame = _frame(column, change)
    frame.to_parquet(tmp_path / "rows.parquet", index=False)
    args = [*ROLES, flag, column]
    expected = _error(capsys, "audit", tmp_path / "rows.parquet", *args, "--engine", "pandas")
    engine = sa.create_engine(postgres_url)
    try:
        frame.to_sql("typed_rows", engine, if_exists="replace", index=False)
    finally:
        engine.dispose()
    table = _error(capsys, "audit", "--db", postgres_url, "--table", "typed_rows", *args)
    query = "SELECT * FROM typed_rows WHERE race <> 'Z'"
    said = _error(capsys, "audit", "--db", postgres_url, "--query", query, *args)
    said = said.replace(" in the query's result", " in the table")
    expected = _in_the_table(expected)
    assert re.sub(r"\s+", " ", table) == re.sub(r"\s+", " ", expected) == said, (table, said)
