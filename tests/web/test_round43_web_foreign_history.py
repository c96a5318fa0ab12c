"""Round 43: ``ethiclens serve --store FILE`` opened another program's SQLite database as a
history when it held a table named like one of the history's, with its columns (a ``data``
table of id, name, path, ... beside the program's own ``customers``): the app created its
``audits`` table in it and switched it to WAL. Now a history is marked in its header
(``PRAGMA application_id``); an unmarked file opens only as a history an earlier version
wrote (the ``data`` and ``audits`` tables alone) and is marked then."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import _store

DATA = (
    "CREATE TABLE data (id TEXT, name TEXT, path TEXT, dataset TEXT, kind TEXT, size INT, "
    "sha256 TEXT, created TEXT, profile TEXT, owner TEXT)"
)
FIRST_LAYOUT = """
CREATE TABLE data (id TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT, dataset TEXT,
    kind TEXT NOT NULL, size INTEGER, sha256 TEXT, created TEXT NOT NULL, profile TEXT);
CREATE TABLE audits (id TEXT PRIMARY KEY, data_id TEXT REFERENCES data(id),
    created TEXT NOT NULL, updated TEXT NOT NULL, finished TEXT,
    rev INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL, step TEXT,
    purpose TEXT NOT NULL DEFAULT 'audit', spec TEXT, fingerprint TEXT, result TEXT,
    html TEXT, card TEXT, verdict TEXT, error TEXT);
"""


def _mark(path) -> int:
    with sqlite3.connect(path) as con:
        return con.execute("PRAGMA application_id").fetchone()[0]


@pytest.mark.parametrize(
    "script, words",
    [
        (DATA + "; CREATE TABLE customers (id INTEGER, email TEXT);", "other tables ('customers')"),
        (FIRST_LAYOUT + "PRAGMA application_id = 1234;", "another program (application id 1234)"),
    ],
)
def test_another_program_s_database_with_a_history_table_is_refused(tmp_path, script, words):
    path = tmp_path / "crm.db"
    with sqlite3.connect(path) as con:
        con.executescript(script)
    before = path.read_bytes()
    with pytest.raises(EthicLensInputError) as refused:
        _store.Store(path)
    message = str(refused.value)
    assert "WebConfig.store" in message and "not an EthicLens history" in message, message
    assert words in message and "Fix: give a new file" in message, message
    assert path.read_bytes() == before and not (tmp_path / "crm.db-wal").exists()


def test_an_earlier_history_opens_and_is_marked_then_keeps_opening(tmp_path):
    path = tmp_path / "history.sqlite"
    with sqlite3.connect(path) as con:
        con.executescript(FIRST_LAYOUT)
    assert _mark(path) == 0
    _store.Store(path).close()
    assert _mark(path) == _store.APPLICATION_ID
    with sqlite3.connect(path) as con:  # the officer's own table beside a marked history
        con.execute("CREATE TABLE notes (text TEXT)")
    opened = _store.Store(path)
    assert opened.history() == []
    opened.close()


@pytest.mark.parametrize("extra", ["", "CREATE VIEW flagged AS SELECT id FROM audits;"])
def test_an_unmarked_earlier_history_with_its_user_s_view_opens(tmp_path, extra):
    path = tmp_path / "history.sqlite"
    with sqlite3.connect(path) as con:
        con.executescript(FIRST_LAYOUT + extra)
    opened = _store.Store(path)
    assert opened.history() == []
    opened.close()
    assert _mark(path) == _store.APPLICATION_ID


def test_a_lone_table_named_as_the_history_s_is_refused(tmp_path):
    path = tmp_path / "crm.db"
    with sqlite3.connect(path) as con:
        con.execute(DATA)
    with pytest.raises(EthicLensInputError, match="a table 'data' but not the history's others"):
        _store.Store(path)
