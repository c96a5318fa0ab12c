"""Round 50: a group column named twice in the roles (Roles('p', ['g', 'g'], 'y')) made
sql_counts fail with "cannot connect: 'DataFrame' object has no attribute 'dtype'. Fix: check
the host, port, database name and credentials" (the GROUP BY selected g twice, so the result
had two columns 'g'), where counts_of, DuckDB and Dask count each column once (round 42): the
database's GROUP BY now names each key column once, as every engine does."""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from ethiclens.sources import Roles, counts_of, sql_counts

FRAME = pd.DataFrame(
    {
        "y": [1, 0] * 4,
        "p": [1, 0, 0, 1] * 2,
        "g": ["a", "b"] * 4,
        "s": [0.1, 0.9] * 4,
        "w": [1.0, 2.0] * 4,
    }
)


@pytest.mark.parametrize("protected", [["g", "g"], ["g", "p", "g"]])
def test_sql_counts_a_repeated_group_once_as_pandas_does(tmp_path, protected):
    path = tmp_path / "d.sqlite"
    with sqlite3.connect(path) as con:
        FRAME.to_sql("t", con, index=False)
    roles = Roles("p", protected, "y", "s", "w")
    want, got = counts_of(FRAME, roles), sql_counts(f"sqlite:///{path}", roles, table="t")
    assert list(got.columns) == list(want.columns)
    keys = list(want.columns[: len(dict.fromkeys(protected)) + 3])  # groups, labels, score bin
    pd.testing.assert_frame_equal(
        got.sort_values(keys).reset_index(drop=True),
        want.sort_values(keys).reset_index(drop=True),
        check_dtype=False,
    )
    assert got.attrs["ethiclens_attributes"] == want.attrs["ethiclens_attributes"]
