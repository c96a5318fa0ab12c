"""Round 45 review: labels of two types that print the same (1 and '1') are refused with
"convert the column to one type first (in every file it is read from)", also for a SQLite
column holding both (no file there). The fix now names a file or a database table, one text
for a folder of Parquet files and a database alike."""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, pandas_counts, sql_counts

ROLES = Roles("p", ["g"], y_true="y", binary_labels=True)


def _fix(count) -> str:
    with pytest.raises(EthicLensInputError, match="distinct values print the same") as caught:
        count()
    return caught.value.fix


def test_the_fix_names_a_database_table_too(tmp_path):
    db = tmp_path / "m.db"
    with sqlite3.connect(db) as con:
        con.execute("create table t(y, p, g)")
        con.executemany("insert into t values (?, ?, ?)", [(1, 1, "a"), (0, "1", "b")])
    folder = tmp_path / "pq"
    folder.mkdir()
    pd.DataFrame({"y": [1], "p": [1], "g": ["a"]}).to_parquet(folder / "a.parquet")
    pd.DataFrame({"y": [0], "p": ["1"], "g": ["b"]}).to_parquet(folder / "b.parquet")
    fixes = {
        _fix(lambda: sql_counts(f"sqlite:///{db}", ROLES, table="t")),
        _fix(lambda: pandas_counts(str(folder), ROLES)),
    }
    assert fixes == {
        "convert the column to one type first (in every file or database table it is read from)"
    }
