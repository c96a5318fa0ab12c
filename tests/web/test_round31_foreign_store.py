"""Round 31: ``ethiclens serve --store FILE`` pointed at another program's SQLite database
(tables that are not the web app's, none of its own) silently created the web's tables in
it and switched it to WAL. Such a store is refused at start (exit 2, one line naming --store
and the fix), the file unchanged; an empty or new file and an EthicLens store (an older
layout without the note column too) still open."""

from __future__ import annotations

import sqlite3

import pytest

pytest.importorskip("starlette")


@pytest.fixture
def no_server(monkeypatch):
    import uvicorn

    def started(*args, **kwargs):
        raise AssertionError("the server started")

    monkeypatch.setattr(uvicorn, "run", started)


@pytest.mark.parametrize(
    "tables",
    [
        ["CREATE TABLE users (id INTEGER, name TEXT)"],
        ["CREATE TABLE data (id INTEGER, value REAL)", "CREATE TABLE orders (id INTEGER)"],
    ],
)
def test_another_program_s_database_is_refused(tmp_path, capsys, no_server, tables):
    from ethiclens.cli import main

    store = tmp_path / "other.db"
    with sqlite3.connect(store) as con:
        for sql in tables:
            con.execute(sql)
    before = store.read_bytes()
    data = tmp_path / "data"
    rc = main(["serve", "--store", str(store), "--data-dir", str(data)])
    err = capsys.readouterr().err
    assert rc == 2, err
    assert len(err.strip().splitlines()) == 1 and "option '--store'" in err, err
    assert "not an EthicLens history" in err and "Fix: give a new file" in err, err
    assert store.read_bytes() == before and not (tmp_path / "other.db-wal").exists()
    assert not data.exists()


@pytest.mark.parametrize("kind", ["new", "empty", "store", "older store"])
def test_a_new_file_and_an_ethiclens_store_open(tmp_path, kind):
    from ethiclens.web._store import Store

    store = tmp_path / "history.sqlite"
    if kind == "empty":
        store.write_bytes(b"")
    elif kind != "new":
        Store(store).close()
        if kind == "older store":  # before the note column
            with sqlite3.connect(store) as con:
                con.execute("ALTER TABLE audits DROP COLUMN note")
    opened = Store(store)
    assert opened.history() == []
    opened.close()
