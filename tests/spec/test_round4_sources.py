"""Round 4: what the audit's spec layer hands the sources — the option that gave a database
URL, and the extra key of a comparison or a threshold view (checked as a prediction or a
score, not as a group) — so every engine refuses alike; values of two types that print the
same are named as such."""

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("duckdb")


def _last_line(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_a_bad_url_from_an_environment_variable_names_that_option(monkeypatch, capsys):
    monkeypatch.setenv("MYDB", "u:S3cretPW@h/db")
    argv = ["audit", "--db-env", "MYDB", "--table", "t", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    line = _last_line(capsys)
    assert line.startswith("error: option '--db-env MYDB': ") and "S3cretPW" not in line


@pytest.fixture
def rows(tmp_path):
    r = np.random.default_rng(0)
    n = 200
    frame = pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "pred2": r.integers(0, 2, n).astype(float),
            "score": r.random(n).round(3),
            "race": r.choice(["a", "b"], n),
        }
    )
    frame.loc[6, "pred2"] = np.nan
    frame.loc[4, "score"] = -0.5
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (
            ["compare", "--y-pred", "pred", "--y-pred", "pred2"],
            "column 'pred2 (y_pred, model B)': 1 missing value(s), first at rows.csv line 8 "
            "(an empty field).",
        ),
        (
            ["thresholds", "--y-score", "score"],
            "column 'score (y_score)': scores must lie in [0, 1]; 1 do not, first at rows.csv "
            "line 6",
        ),
    ],
)
def test_the_extra_key_is_checked_as_what_it_is_on_every_engine(rows, capsys, command, words):
    name, *flags = command
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        argv = [name, str(rows), "--y-true", "label", "--protected", "race", *flags]
        assert main([*argv, "--engine", engine]) == 2
        lines.add(_last_line(capsys))
    assert len(lines) == 1 and words in lines.pop()


def test_labels_of_two_types_that_print_the_same_are_named(tmp_path, capsys):
    db = tmp_path / "m.sqlite"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (label, pred INTEGER, race TEXT)")
        con.executemany(
            "INSERT INTO t VALUES (?, ?, ?)",
            [(1, 1, "a"), ("1", 0, "b"), (0, 1, "a"), ("0", 0, "b")] * 20,
        )
    argv = ["audit", "--db", f"sqlite:///{db}", "--table", "t", "--y-true", "label"]
    assert main([*argv, "--y-pred", "pred", "--protected", "race"]) == 2
    assert "distinct values print the same (e.g. 1 and '1')" in _last_line(capsys)


def test_the_monitor_refuses_a_query_naming_a_column_twice(tmp_path, capsys):
    db = tmp_path / "m.sqlite"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE m (ts TEXT, pred INTEGER, race TEXT)")
        con.executemany("INSERT INTO m VALUES ('2024-01-01', ?, ?)", [(1, "a"), (0, "b")] * 20)
    argv = ["monitor", "--db", f"sqlite:///{db}", "--time", "ts", "--window", "1d"]
    argv += ["--query", "SELECT ts, pred, race, pred AS race FROM m", "--y-pred", "pred"]
    assert main([*argv, "--protected", "race", "--store", str(tmp_path / "s.db")]) == 2
    assert "the query has two columns named 'race'" in _last_line(capsys)
    assert not (tmp_path / "s.db").exists()
