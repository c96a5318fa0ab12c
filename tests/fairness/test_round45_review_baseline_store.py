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


@pytest.mark.parametrize(
    ("name", "content", "what"),
    [
        ("r.pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "a PDF (the report for people)"),
        ("p.png", b"\x89PNG\r\n\x1a\n\x00\x00", "an image (the report's plot)"),
        ("p.svg", b'<svg xmlns="http://www.w3.org/2000/svg"></svg>\n', "an image"),
        ("l.csv", b"y,g\n1,\xe9\n", "a data file"),  # Latin-1: as a UTF-8 one is named
    ],
)
def test_the_reports_other_files_are_named(tmp_path, name, content, what):
    """The audit's PDF report and plot (and a data file not in UTF-8) were 'not UTF-8 text
    ... Fix: save it as UTF-8 (e.g. iconv ...)' or 'cannot parse': named as 11f9a831 names
    the HTML report, with the JSON report to give."""
    (tmp_path / name).write_bytes(content)
    with pytest.raises(EthicLensInputError) as info:
        check_baseline_file(str(tmp_path / name))
    said = str(info.value)
    assert f"{name} is {what}" in said and "not an audit report (JSON)" in said, said
    assert "iconv" not in said and "cannot parse" not in said, said
