"""Round 40 (lead): a SQLite table (or a query) holding `café` with one accented character
beside `café` as an 'e' and a combining accent was audited without a word, each role taking
the name it matched exactly, while a CSV or Parquet file with those two names is refused
(c4265a6e). The database faces now give the file's refusal, both names shown."""

import sqlite3

import pytest

from ethiclens.cli import main

COMPOSED, DECOMPOSED = "caf\u00e9", "cafe\u0301"


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "t.db"
    con = sqlite3.connect(path)
    con.execute(f'create table t (y int, p int, "{COMPOSED}" text, "{DECOMPOSED}" text)')
    rows = [(i % 2, (i // 2) % 2, "ab"[i % 3 == 0], "x") for i in range(60)]
    con.executemany("insert into t values (?, ?, ?, ?)", rows)
    con.commit()
    con.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    ("source", "flag", "what"),
    [
        (["--table", "t"], "--table", "table 't'"),
        (["--query", "select * from t"], "--query", "the query"),
    ],
)
def test_lookalike_names_refused_like_a_file(db, source, flag, what, capsys):
    args = ["audit", "--db", db, *source, "--y-true", "y", "--y-pred", "p"]
    assert main([*args, "--protected", COMPOSED]) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}': {what} has two columns named {DECOMPOSED!r}" in err, err
    assert r"('caf\xe9' and 'cafe\u0301': two Unicode forms)" in err, err


def test_distinct_names_still_read(tmp_path, capsys):
    path = tmp_path / "ok.db"
    con = sqlite3.connect(path)
    con.execute('create table t (y int, p int, "file" text, "\ufb01le" text)')  # 'ﬁle' ≠ 'file'
    con.executemany(
        "insert into t values (?, ?, ?, ?)", [(i % 2, i % 2, "ab"[i % 2], "x") for i in range(40)]
    )
    con.commit()
    con.close()
    main(
        [
            "audit",
            "--db",
            f"sqlite:///{path}",
            "--table",
            "t",
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "file",
        ]
    )
    assert "file" in capsys.readouterr().out
