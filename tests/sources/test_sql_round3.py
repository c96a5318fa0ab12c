"""Databases give the files' answers and refusals (round 3 of the tester's findings).

A database column is typed storage, read as a Parquet column is. SQLite types each value, not
each column: a weight 'heavy', '2abc', '' or a blob and a score 'high' must be refused as the
engines refuse them in Parquet (SQLite's CAST read them as 0, 2, 0, 0, 0); an empty table or
query is refused as an empty file is; --query names what it refuses.
"""

import re
import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.sources import Roles, sql_counts

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--n-boot", "100"]


def _error(capsys, *argv) -> str:
    """The one error line of a refused command (rc 2), its row reference dropped: a database's
    rows have no order to name (its refusal names the value, as a file's does)."""
    assert main(list(map(str, argv))) == 2
    line = capsys.readouterr().err.strip().splitlines()[-1]
    return re.sub(r", first at (\S+ )?(row|line) \d+", "", line)


def _write(tmp_path, column: str, bad):
    """The same rows as a Parquet file (``column`` as text, or as numbers when ``bad`` is one:
    a string column of numbers is refused as text, round 17) and as two SQLite tables:
    ``text`` (the column declared TEXT) and ``real`` (declared REAL: the numbers stored as
    numbers); row 5 of ``column`` holds ``bad`` as SQLite stores it (text stays text, a blob a
    blob)."""
    frame = make_frame(3, n=400).astype({column: str}).astype({column: object})
    frame.loc[5, column] = bad
    parquet = tmp_path / "rows.parquet"
    if isinstance(bad, str):
        written = frame[column].astype(str)
        numeric = (pd.to_numeric(written, errors="coerce").notna() | (written == "nan")).all()
        frame.astype({column: float} if numeric else {}).to_parquet(parquet, index=False)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        for table, declared in (("text", "TEXT"), ("real", "REAL")):
            types = {c: declared if c == column else "" for c in frame.columns}
            con.execute(f"CREATE TABLE {table} ({', '.join(f'{c} {t}' for c, t in types.items())})")
            rows = f"INSERT INTO {table} VALUES ({', '.join('?' * len(types))})"
            con.executemany(rows, frame.values)
    return parquet, f"sqlite:///{db}"


def _every_engine(capsys, tmp_path, column, bad, *args) -> dict:
    """The refusal of pandas and DuckDB (the Parquet file) and of both SQLite tables. The
    TEXT table stores every value as text: it is refused as a Parquet string column of the
    same values is (round 17), checked here, and left out of the engines returned."""
    parquet, url = _write(tmp_path, column, bad)
    said = {e: _error(capsys, "audit", parquet, *args, "--engine", e) for e in ("pandas", "duckdb")}
    said["real"] = _error(capsys, "audit", "--db", url, "--table", "real", *args)
    as_text = tmp_path / "as_text.parquet"
    frame = make_frame(3, n=400).astype({column: str}).astype({column: object})
    frame.loc[5, column] = bad
    frame.to_parquet(as_text, index=False)
    text = {e: _error(capsys, "audit", as_text, *args, "--engine", e) for e in ("pandas", "duckdb")}
    text["text"] = _error(capsys, "audit", "--db", url, "--table", "text", *args)
    # round 50: a database's fix names its table where a file's says 'in the file or table'
    assert "in the file or table" not in text["text"], text
    text["text"] = text["text"].replace(" in the table", " in the file or table")
    assert len(set(text.values())) == 1, text
    return said


# SQLite parses neither 'nan' nor 'inf': written into a REAL column they stay text, and the
# table is refused as pandas.read_sql's rows of it are, as a string column (round 20), where
# the Parquet file of the same rows holds the float.
_KEPT_AS_TEXT = ("nan", "inf")


def _real_kept_as_text(said: dict, bad) -> None:
    """Where SQLite kept ``bad`` as text, check the REAL table's refusal says so, and leave it
    out of ``said`` (the Parquet engines' refusals, which must agree)."""
    if bad in _KEPT_AS_TEXT:
        real = said.pop("real")
        assert f"holds the text values ['{bad}'], not numbers (a string column)" in real, real


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("heavy", "weights must be numbers"),
        ("2abc", "weights must be numbers"),
        ("", "weights must be numbers"),
        ("NA", "weights must be numbers"),
        ("-1", "weights must be finite and >= 0; 1 are not"),
        ("nan", "weights must be finite and >= 0; 1 are not"),
        ("inf", "weights must be finite and >= 0; 1 are not"),
    ],
)
def test_sqlite_weights_are_read_as_the_files_read_them(tmp_path, capsys, bad, words):
    said = _every_engine(capsys, tmp_path, "w", bad, *ROLES, "--weight", "w")
    _real_kept_as_text(said, bad)
    assert len(set(said.values())) == 1, said
    assert f"'w (sample_weight)': {words}" in said.get("real", said["pandas"])


def test_sqlite_blob_weight_is_not_a_number(tmp_path, capsys):
    _, url = _write(tmp_path, "w", b"\x00\x01")
    text = _error(capsys, "audit", "--db", url, "--table", "real", *ROLES, "--weight", "w")
    assert "'w (sample_weight)': weights must be numbers" in text


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("high", "scores must be numbers in [0, 1]"),
        ("0.5x", "scores must be numbers in [0, 1]"),
        ("", "scores must be numbers in [0, 1]"),
        ("nan", "1 missing score(s)"),
        ("1.5", "scores must lie in [0, 1]; 1 do not"),
    ],
)
def test_sqlite_scores_are_read_as_the_files_read_them(tmp_path, capsys, bad, words):
    said = _every_engine(capsys, tmp_path, "s", bad, *ROLES, "--y-score", "s")
    _real_kept_as_text(said, bad)
    assert len(set(said.values())) == 1, said
    assert f"'s (y_score)': {words}" in said.get("real", said["pandas"])


def test_sqlite_numbers_stored_as_text_are_refused_as_a_parquet_string_column(tmp_path):
    """Numbers stored as text (a TEXT column, a CSV import) are refused as text, as a Parquet
    string column of numbers is (round 17: the data's own type is text); the same numbers
    stored as numbers count."""
    from ethiclens.errors import EthicLensInputError

    frame = make_frame(4, n=300)
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        frame.astype({"w": str, "s": str}).to_sql("as_text", con, index=False)
        frame.to_sql("as_numbers", con, index=False)
    roles = Roles("p", ["race"], "y", "s", "w")
    with pytest.raises(EthicLensInputError) as exc:
        sql_counts(f"sqlite:///{db}", roles, table="as_text")
    assert "not numbers (a string column)" in exc.value.problem, exc.value
    assert len(sql_counts(f"sqlite:///{db}", roles, table="as_numbers"))


@pytest.mark.parametrize(
    ("target", "words"),
    [
        (["--table", "empty"], "table empty has no data rows"),
        (["--query", "SELECT * FROM preds WHERE race = 'Z'"], "the query has no data rows"),
    ],
)
@pytest.mark.parametrize("command", ["audit", "thresholds"])
def test_an_empty_table_or_query_is_refused_as_an_empty_file(
    tmp_path, capsys, target, words, command
):
    db = tmp_path / "e.db"
    with sqlite3.connect(db) as con:
        make_frame(5, n=200).to_sql("preds", con, index=False)
        make_frame(5, n=200).iloc[:0].to_sql("empty", con, index=False)
    roles = ["--y-true", "y", "--protected", "race"]
    roles += ["--y-pred", "p"] if command == "audit" else ["--y-score", "s"]
    text = _error(capsys, command, "--db", f"sqlite:///{db}", *target, *roles)
    assert words in text and "Traceback" not in text


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("VACUUM", "the query is a VACUUM statement, not a SELECT"),
        ("REPLACE INTO preds VALUES (1)", "the query is a REPLACE statement, not a SELECT"),
        ("EXPLAIN SELECT * FROM preds", "the query is an EXPLAIN statement, not a SELECT"),
        ("SELECT *, load_extension('x') AS e FROM preds", "the query calls load_extension()"),
        ("SELECT * FROM preds WHERE readfile('/etc/passwd') IS NULL", "calls readfile()"),
    ],
)
def test_refused_queries_say_what_they_are(tmp_path, capsys, query, words):
    db = tmp_path / "q.db"
    with sqlite3.connect(db) as con:
        make_frame(6, n=100).to_sql("preds", con, index=False)
    text = _error(capsys, "audit", "--db", f"sqlite:///{db}", "--query", query, *ROLES)
    assert words in text and "COMMAND" not in text and "column types" not in text


# -- PostgreSQL: a text column is read by the same rule (its CAST would fail on 'heavy') --------


def _load_pg_text(url, column, bad=None):
    """Table ``text_rows``: ``column`` as text (row 5 ``bad`` when given); ``num_rows``: the
    same rows as numbers."""
    import sqlalchemy as sa

    frame = make_frame(7, n=300)
    as_text = frame.astype({column: str})
    if bad is not None:
        as_text.loc[5, column] = bad
    engine = sa.create_engine(url)
    try:
        as_text.to_sql("text_rows", engine, if_exists="replace", index=False)
        frame.to_sql("num_rows", engine, if_exists="replace", index=False)
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("column", "bad", "words"),
    [
        ("w", "heavy", "weights must be numbers"),
        ("w", "2abc", "weights must be numbers"),
        ("w", "", "weights must be numbers"),
        ("w", "NaN", "holds the text values ['2.0', '0.5', 'NaN'], not numbers"),
        ("s", "high", "scores must be numbers in [0, 1]"),
    ],
)
def test_postgres_text_numbers_are_refused_as_the_files_refuse_them(
    postgres_url, capsys, column, bad, words
):
    _load_pg_text(postgres_url, column, bad)
    args = [*ROLES, "--weight", "w", "--y-score", "s"]
    text = _error(capsys, "audit", "--db", postgres_url, "--table", "text_rows", *args)
    assert words in text and "counting query failed" not in text


@pytest.mark.parametrize("column", ["w", "s"])
def test_postgres_text_numbers_are_refused_as_a_parquet_string_column(postgres_url, column):
    """A text column of numbers is refused as text, as a Parquet string column is (round
    17); the same numbers in a numeric column count."""
    from ethiclens.errors import EthicLensInputError

    _load_pg_text(postgres_url, column)
    roles = Roles("p", ["race"], "y", "s", "w")
    with pytest.raises(EthicLensInputError) as exc:
        sql_counts(postgres_url, roles, table="text_rows")
    assert "not numbers (a string column)" in exc.value.problem, exc.value
    assert len(sql_counts(postgres_url, roles, table="num_rows"))


# -- the labels counted in the prediction's place (thresholds) are named as labels -------------


def test_labels_counted_as_the_prediction_are_named_y_true(tmp_path):
    """``thresholds`` counts the labels in the y_pred column: a missing label is
    ``'y (y_true)'`` on every engine, as the pandas path says (DuckDB and SQL said y_pred)."""
    from ethiclens.errors import EthicLensInputError
    from ethiclens.sources import duckdb_counts

    frame = make_frame(8, n=200).astype({"y": float})
    frame.loc[5, "y"] = None
    frame.to_csv(tmp_path / "rows.csv", index=False)
    with sqlite3.connect(tmp_path / "rows.db") as con:
        frame.to_sql("t", con, index=False)
    roles = Roles("y", ["race", "s"], y_pred_role="y_true")
    for count in (
        lambda: duckdb_counts(str(tmp_path / "rows.csv"), roles),
        lambda: sql_counts(f"sqlite:///{tmp_path / 'rows.db'}", roles, table="t"),
    ):
        with pytest.raises(EthicLensInputError) as err:
            count()
        assert err.value.column == "y (y_true)"
