"""Round 45 review (hunter's leftover): counts refuses labels no --pos-label reads as meant
(0/1/2) with a fix that sends the user to 'ethiclens audit ... --pos-label', which said "run
ethiclens audit on the file with --pos-label" also for a database (--db, --table/--query),
where there is no file. The fix now says "on the same data", true of a file and a database
alike, in one set of words on every engine."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, pandas_counts, sql_counts

ROLES = Roles("p", ["g"], y_true="y", binary_labels=True)  # counts, no --pos-label
ROWS = [(1, 1, "a"), (0, 2, "a"), (1, 0, "b"), (0, 1, "b")]


def _fix(count) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        count()
    return caught.value.fix


def test_the_fix_fits_a_database_and_a_file_alike(tmp_path):
    db = tmp_path / "l.db"
    with sqlite3.connect(db) as con:
        con.execute("create table t(y, p, g)")
        con.executemany("insert into t values (?, ?, ?)", ROWS)
    csv = tmp_path / "l.csv"
    csv.write_text("y,p,g\n" + "".join(f"{y},{p},{g}\n" for y, p, g in ROWS))
    fixes = {
        _fix(lambda: sql_counts(f"sqlite:///{db}", ROLES, table="t")),
        _fix(lambda: pandas_counts(str(csv), ROLES)),
    }
    assert len(fixes) == 1
    (fix,) = fixes
    assert "the file" not in fix
    assert "run ethiclens audit on the same data with --pos-label" in fix
