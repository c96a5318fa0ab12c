"""Round 42 review (web2): a history of an earlier layout (no ``csv``/``pdf``/``note``) in a
file the server may not write (a read-only copy; its WAL mode, as every earlier start leaves
it) gave a raw ``sqlite3.OperationalError: attempt to write a readonly database`` traceback
at start, from the columns added outside the store's refusal. It is now refused in the
store's words, as a read-only history of this layout is, and the file is left unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import _store

FIRST_LAYOUT = """
CREATE TABLE data (id TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT, dataset TEXT,
    kind TEXT NOT NULL, size INTEGER, sha256 TEXT, created TEXT NOT NULL, profile TEXT);
CREATE TABLE audits (id TEXT PRIMARY KEY, data_id TEXT REFERENCES data(id),
    created TEXT NOT NULL, updated TEXT NOT NULL, finished TEXT,
    rev INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL, step TEXT,
    purpose TEXT NOT NULL DEFAULT 'audit', spec TEXT, fingerprint TEXT, result TEXT,
    html TEXT, card TEXT, verdict TEXT, error TEXT);
CREATE INDEX audits_created ON audits(created);
"""


def test_a_read_only_first_layout_history_is_refused_in_the_store_s_words(tmp_path, monkeypatch):
    path = tmp_path / "ethiclens-web.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript(FIRST_LAYOUT)
        db.execute("PRAGMA journal_mode=WAL")
    before = path.read_bytes()
    connect = sqlite3.connect

    def read_only(database, *args, **kwargs):  # the tests run as root: chmod would not do
        if isinstance(database, Path):
            return connect(f"file:{database}?mode=ro", *args, uri=True, **kwargs)
        return connect(database, *args, **kwargs)

    monkeypatch.setattr(_store.sqlite3, "connect", read_only)
    with pytest.raises(EthicLensInputError) as refused:
        _store.Store(path)
    message = str(refused.value)
    assert "WebConfig.store" in message and "cannot open the history database" in message
    assert "readonly" in message and "Fix: give a SQLite file" in message, message
    assert path.read_bytes() == before
