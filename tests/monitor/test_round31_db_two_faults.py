"""Round 31: two faults at once in a ``--db`` table — a row without a readable time and a
row without a label, prediction or group — are refused as the file engines refuse them: the
times first ("column 'ts': 1 of 4 rows hold a value that is not a date or time"). Before,
the database named the missing label or group, the same rows as a CSV the time."""

import re
import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--y-true", "y", "--protected", "g"]


def _error(capsys, argv) -> str:
    assert main(argv) == 2
    return next(line for line in capsys.readouterr().err.splitlines() if line.startswith("error"))


@pytest.mark.parametrize("time", ["bad", None])
@pytest.mark.parametrize("col", ["g", "p", "y"])
def test_a_bad_time_wins_on_every_engine(tmp_path, capsys, time, col):
    frame = pd.DataFrame(
        {
            "ts": ["2024-01-01T10:00:00Z", time, "2024-01-01T11:00:00Z", "2024-01-01T12:00:00Z"],
            "g": ["A", "B", "A", "B"],
            "p": ["1", "0", "1", "0"],
            "y": ["0", "0", "1", "1"],
        }
    ).astype(object)
    frame.loc[0, col] = None
    csv, db = tmp_path / "t.csv", tmp_path / "t.db"
    frame.to_csv(csv, index=False)
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    on_csv = _error(capsys, ["monitor", str(csv), *ROLES, "--store", str(tmp_path / "a.sqlite")])
    args = ["--db", f"sqlite:///{db}", "--table", "t", *ROLES]
    on_db = _error(capsys, ["monitor", *args, "--store", str(tmp_path / "b.sqlite")])
    assert on_csv.startswith("error: column 'ts': 1 of 4 rows"), on_csv
    assert on_db == re.sub(r", first at \S+ line \d+", "", on_csv)
