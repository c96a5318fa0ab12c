"""Sources, round 11 of the tester's findings.

- ``audit --counts`` on a file named ``.parquet`` that is not Parquet (text, a pickle, a
  truncated Parquet file) is refused in the file audit's one line (exit 2), never a pyarrow
  traceback; CSV counts tables (empty, binary junk) likewise;
- a ``:word`` inside a string literal of ``--query`` / ``--baseline-query`` reaches the database
  as written (SQLAlchemy's ``text()`` took it for a bind parameter and refused the query), while
  every refusal of a write stays.
"""

import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_columns, sql_counts

from .conftest import make_frame

ROLES = Roles(y_true="y", y_pred="p", protected=["race"])


def _one_line(capsys, argv) -> str:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Fix: " in lines[0], err
    return lines[0]


def _truncated_parquet(path):
    pd.DataFrame({"race": ["A", "B"], "n": [1, 2]}).to_parquet(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    "content, words",
    [
        (b"x", ["is not a Parquet file (no PAR1 header)"]),
        (b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94.", ["no PAR1 header"]),  # a pickle
        (None, ["cannot read", "magic bytes"]),  # PAR1 header, no footer
    ],
    ids=["text", "pickle", "truncated"],
)
def test_a_counts_file_that_is_not_parquet_is_refused_as_the_file_audit_does(
    tmp_path, capsys, content, words
):
    path = tmp_path / "counts.parquet"
    if content is None:
        _truncated_parquet(path)
    else:
        path.write_bytes(content)
    line = _one_line(capsys, ["audit", "--counts", path])
    for word in words:
        assert word in line, line
    if content is None:  # pyarrow's words differ by who opened the file: both name it
        return
    # the same words as the file audit of the same file
    as_rows = _one_line(capsys, ["audit", path, "--y-true", "y", "--y-pred", "p",
                                 "--protected", "race"])  # fmt: skip
    assert line == as_rows


@pytest.mark.parametrize(
    "content, words",
    [(b"", ["is empty"]), (bytes(range(256)), ["is not UTF-8 text"])],
    ids=["empty", "binary"],
)
def test_a_bad_csv_counts_table_is_refused_in_one_line(tmp_path, capsys, content, words):
    path = tmp_path / "counts.csv"
    path.write_bytes(content)
    line = _one_line(capsys, ["audit", "--counts", path])
    for word in words:
        assert word in line, line


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "rows.sqlite"
    frame = make_frame(2, n=400)
    frame.loc[frame["race"] == "D", "race"] = "D:err"  # a group label holding a colon
    with sqlite3.connect(path) as con:
        frame.to_sql("t", con, index=False)
    return path, frame


@pytest.mark.parametrize(
    "where, keep",
    [
        ("race NOT LIKE '%:err%'", lambda f: ~f["race"].str.contains(":err")),
        ("race = 'D:err'", lambda f: f["race"] == "D:err"),
        ("race <> ':x' AND race <> 'a:b:c' AND race <> '\\:y'", lambda f: f["race"] == f["race"]),
    ],
)
def test_a_colon_word_in_a_string_literal_is_no_bind_parameter(db, where, keep):
    path, frame = db
    query = f"SELECT y, p, race FROM t WHERE {where}"
    assert sql_columns(f"sqlite:///{path}", query=query) == ["y", "p", "race"]
    counts = sql_counts(f"sqlite:///{path}", ROLES, query=query)
    assert int(counts["count"].sum()) == int(keep(frame).sum())


def test_the_cli_audits_a_query_with_a_colon_in_a_literal(db, capsys, tmp_path):
    path, frame = db
    query = "SELECT y, p, race FROM t WHERE race NOT LIKE '%:err%'"
    out = tmp_path / "r.json"
    argv = ["audit", "--db", f"sqlite:///{path}", "--query", query, "--y-true", "y",
            "--y-pred", "p", "--protected", "race", "--n-boot", "100", "--json", out]  # fmt: skip
    code = main([str(a) for a in argv])
    assert code == 0, capsys.readouterr().err
    assert "bind parameter" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "query",
    [
        "DELETE FROM t WHERE race = ':x'",
        "UPDATE t SET race = ':x'",
        "SELECT 1; DELETE FROM t WHERE race = 'a:b'",
    ],
)
def test_writes_with_colons_are_still_refused_and_nothing_changes(db, query):
    path, frame = db
    with pytest.raises(EthicLensInputError):
        sql_counts(f"sqlite:///{path}", ROLES, query=query)
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT count(*) FROM t WHERE race = ':x'").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM t").fetchone()[0] == len(frame)


def test_postgres_reads_colons_in_literals_and_casts(postgres_url):
    """PostgreSQL: ``'%:err%'`` (a percent too, which psycopg's paramstyle uses) and a ``::``
    cast reach the server as written."""
    sa = pytest.importorskip("sqlalchemy")
    frame = make_frame(3, n=200)
    frame.loc[frame["race"] == "D", "race"] = "D:err"
    engine = sa.create_engine(postgres_url)
    with engine.begin() as con:
        frame.to_sql("colons", con, index=False, if_exists="replace")
    engine.dispose()
    query = "SELECT y::int AS y, p, race::text AS race FROM colons WHERE race NOT LIKE '%:err%'"
    counts = sql_counts(postgres_url, ROLES, query=query)
    assert int(counts["count"].sum()) == int((frame["race"] != "D:err").sum())
