"""Round 45 (review of 11f9a831, a sibling): a monitor's store (a SQLite file) given as the
baseline was refused "s.sqlite is not UTF-8 text (byte b'\\xf8' ...). Fix: save it as UTF-8
(e.g. iconv ...)", a fix no database takes; a small one whose bytes decode was "cannot parse
...". Every reader of a small text file (a baseline, a spec, a P2NIA request) now names a
SQLite file as what it is, with the file to give."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import check_baseline_file


def _database(path, rows: int) -> str:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 1")  # an empty database: its header only
        if rows:
            db.execute("CREATE TABLE windows (start TEXT, n INTEGER)")
            db.executemany(
                "INSERT INTO windows VALUES (?, ?)", [("2024-01-01é", i) for i in range(rows)]
            )
    db.close()
    return str(path)


@pytest.mark.parametrize(("name", "rows"), [("s.sqlite", 50), ("e.json", 0)])
def test_a_sqlite_file_as_the_baseline_is_named(tmp_path, name, rows):
    with pytest.raises(EthicLensInputError) as info:
        check_baseline_file(_database(tmp_path / name, rows))
    said = str(info.value)
    assert f"{name} is a SQLite database (a monitor's store or a data source), not text" in said
    assert "Fix: give the JSON report of an audit" in said, said
    assert "iconv" not in said and "cannot parse" not in said, said
