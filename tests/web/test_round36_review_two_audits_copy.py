"""Round 36 review of b9458d0a: the ``two_audits`` copy holds nothing that names the folder of
the store it was copied from (a column of any table, a file of the data folder), so a test that
edits or reruns its copy never reads or writes the shared original."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _texts(db) -> list[tuple[str, str, str]]:
    """(table, column, value) of every stored value of every table, as text."""
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    out = []
    for table in tables:
        columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        for row in db.execute(f"SELECT * FROM {table}"):
            for column, value in zip(columns, row, strict=True):
                if isinstance(value, bytes):
                    value = value.decode("utf-8", "replace")
                if value is not None:
                    out.append((table, column, str(value)))
    return out


def test_the_copy_names_only_its_own_folder(app, two_audits, _two_audits_made, tmp_path):
    made, ids = _two_audits_made
    assert tuple(ids) == tuple(two_audits)
    old = {str(made), str(made.resolve())}
    with sqlite3.connect(tmp_path / "data" / "ethiclens-web.sqlite") as db:
        texts = _texts(db)
        paths = [r[0] for r in db.execute("SELECT path FROM data WHERE path IS NOT NULL")]
    assert texts and paths
    assert [t[:2] for t in texts if any(o in t[2] for o in old)] == []
    for path in paths:  # every file the rows name is the copy's, and there
        assert path.startswith(str(tmp_path / "data")), path
        assert (tmp_path / "data").joinpath(path[len(str(tmp_path / "data")) + 1 :]).is_file()
    for file in (tmp_path / "data").rglob("*"):  # the history's own values are read above
        if file.is_file() and "ethiclens-web.sqlite" not in file.name:
            text = file.read_bytes().decode("utf-8", "replace")
            assert not any(o in text for o in old), file
