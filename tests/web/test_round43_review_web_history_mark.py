"""Round 43 review (rweb) of 05aab381 (a SQLite history marked in its header).

- Two servers starting at once on the same new file: the first one's ``data`` table was
  committed alone (each schema statement its own transaction, the mark after them), and the
  second one, looking at that moment, refused the file as another program's ("a table 'data'
  but not the history's others"; measured 1 of 120 starts of 3 processes at once). The tables
  and the mark are now one transaction: the other server sees none of them or all.
- A marked history the server may not write (read-only file or folder) opened, and the
  server's start then stopped with a raw ``sqlite3.OperationalError`` traceback (attempt to
  write a readonly database, from marking interrupted audits), while an unmarked one was
  refused in the store's words: both are refused so now, the file unchanged.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig, _store, create_app


def test_a_server_starting_on_a_new_file_while_another_creates_it_is_not_refused(
    tmp_path, monkeypatch
):
    path = tmp_path / "ethiclens-web.sqlite"
    connect, seen = sqlite3.connect, []

    def second_server_looks(statement):  # the other server's check, as each statement starts
        if statement.strip().startswith("CREATE TABLE IF NOT EXISTS audits"):
            try:
                _store._refuse_foreign(path)
                seen.append("passed")
            except EthicLensInputError as exc:
                seen.append(str(exc))

    def traced(database, *args, **kwargs):
        con = connect(database, *args, **kwargs)
        if isinstance(database, Path):
            con.set_trace_callback(second_server_looks)
        return con

    monkeypatch.setattr(_store.sqlite3, "connect", traced)
    _store.Store(path).close()
    assert seen == ["passed"], seen
    monkeypatch.setattr(_store.sqlite3, "connect", connect)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA application_id").fetchone()[0] == _store.APPLICATION_ID
    con.close()


def _read_only(monkeypatch):
    connect = sqlite3.connect

    def read_only(database, *args, **kwargs):  # the tests run as root: chmod would not do
        if isinstance(database, Path):
            return connect(f"file:{database}?mode=ro", *args, uri=True, **kwargs)
        return connect(database, *args, **kwargs)

    monkeypatch.setattr(_store.sqlite3, "connect", read_only)


@pytest.mark.parametrize("marked", [True, False])
def test_a_history_the_server_may_not_write_is_refused_at_start_unchanged(
    tmp_path, monkeypatch, marked
):
    path = tmp_path / "ethiclens-web.sqlite"
    with sqlite3.connect(path) as con:
        con.execute("PRAGMA journal_mode=WAL")
        con.executescript(_store.SCHEMA)
        if marked:
            con.execute(f"PRAGMA application_id = {_store.APPLICATION_ID}")
    con.close()
    before = path.read_bytes()
    _read_only(monkeypatch)
    with pytest.raises(EthicLensInputError) as refused:
        create_app(WebConfig(store=path, data_dir=tmp_path / "data"))
    message = str(refused.value)
    assert "WebConfig.store" in message and "cannot open the history database" in message
    assert "readonly" in message and "Fix: give a SQLite file" in message, message
    assert path.read_bytes() == before
    assert not (tmp_path / "data").exists()


def test_a_marked_history_is_not_written_again_at_each_start(tmp_path):
    path = tmp_path / "ethiclens-web.sqlite"
    first = _store.Store(path)  # held open: its WAL stays, un-checkpointed
    wal = Path(f"{path}-wal")
    size = wal.stat().st_size
    _store.Store(path).close()  # a job's start
    assert wal.stat().st_size == size
    first.close()
