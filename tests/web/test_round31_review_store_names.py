"""Round 31 review: ``serve --store`` named as SQLite names its own databases (``:memory:``,
``file:NAME``) is the file of that name, as the monitor's --store now reads it. Before, the web
history under ``:memory:`` was a database in memory for each thread and process (an audit
queued by the server was not in its worker's history) and ``file:x.sqlite`` opened x.sqlite."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")


@pytest.mark.parametrize("name", [":memory:", "file:s.sqlite", "file:s.sqlite?mode=memory"])
def test_a_store_name_is_a_file(tmp_path, monkeypatch, name):
    from ethiclens.web._store import Store

    monkeypatch.chdir(tmp_path)
    store = Store(name)
    db = store._db()
    assert [r[2] for r in db.execute("PRAGMA database_list")] == [str(tmp_path / name)]
    db.execute("INSERT INTO data (id, name, kind, created) VALUES ('d', 'n', 'csv', 'now')")
    store.close()
    again = Store(name)  # another connection (a worker, a later start) reads the same rows
    assert [r[0] for r in again._db().execute("SELECT id FROM data")] == ["d"]
    again.close()
    assert (tmp_path / name).is_file() and not (tmp_path / "s.sqlite").exists()
