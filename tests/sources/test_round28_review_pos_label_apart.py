"""Round 28 review: since the counting engines refuse a --pos-label while counting (before any
weight, score or group), a label column that never holds it while the other column does was
refused by DuckDB, Dask and databases in the one column's words ('pos_label does not occur in
the column'), where the pandas path, and every engine before, says the columns write the
positive label differently, naming both. One line on every engine again."""

import re
import sqlite3

import pytest

from ethiclens.cli import main

FILES = {
    "no other fault": "y,p,g\n1,a,a\n1,b,a\n0,a,b\n0,a,b\n1,b,a\n",
    "a bad weight too": "y,p,g,w\n1,a,a,1\n1,b,a,-1\n0,a,b,1\n",
}


def _refusal(capsys, args) -> str:
    assert main(["audit", *args, "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 2
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize("case", sorted(FILES))
def test_every_engine_names_both_columns(tmp_path, capsys, case):
    text = FILES[case]
    path = tmp_path / "f.csv"
    path.write_text(text)
    rows = [line.split(",") for line in text.strip().split("\n")]
    db = tmp_path / "f.db"
    with sqlite3.connect(db) as con:
        con.execute(f"CREATE TABLE t ({', '.join(f'{c} TEXT' for c in rows[0])})")
        con.executemany(f"INSERT INTO t VALUES ({', '.join('?' * len(rows[0]))})", rows[1:])
    con.close()
    extra = ["--pos-label", "a"] + (["--weight", "w"] if "w" in rows[0] else [])
    expected = _refusal(capsys, [str(path), "--engine", "pandas", *extra])
    assert expected.startswith(
        "error: option '--pos-label': the columns write the positive label differently: "
        "'p' holds 'a', 'y' holds 0, 1;"
    )
    for engine in ("duckdb", "dask"):
        assert _refusal(capsys, [str(path), "--engine", engine, *extra]) == expected, engine
    said = _refusal(capsys, ["--db", f"sqlite:///{db}", "--table", "t", *extra])
    assert _noun(said) == _noun(expected)


def test_compare_names_model_b_holding_it(tmp_path, capsys):
    # model B holds the positive label, model A never does: its refusal names the two models
    path = tmp_path / "f.csv"
    path.write_text("y,p,q,g\nfalse,b,1.0,a\nfalse,a,0.0,a\nfalse,a,0.0,b\nfalse,b,1.0,b\n")
    args = ["--y-true", "y", "--protected", "g", "--pos-label", "1", "--y-pred", "p"]
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        assert main(["compare", str(path), "--engine", engine, *args, "--y-pred", "q"]) == 2
        lines.add(capsys.readouterr().err.strip())
    assert len(lines) == 1, lines
    assert lines.pop().startswith(
        "error: option '--pos-label': the columns write the positive label differently: "
        "'q' holds '1', 'p' holds a, b;"
    )


def _noun(words: str) -> str:
    """Round 50 (6e10fbdf): a database's fix names its table (or a query's result) where a
    file's names the file: the rest of the words must agree."""
    return re.sub(r" in the (file or table|file|table|query's result)\b", " in the SOURCE", words)
