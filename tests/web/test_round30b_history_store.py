"""Round 30: a history store (``--store``) SQLite cannot open (a folder that does not exist, a
file that is not a database) failed the start with a traceback (sqlite3.OperationalError,
exit 1); it is refused in one line naming --store (exit 2), and the data folder it made is
removed again."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")


@pytest.mark.parametrize("kind", ["no folder", "not sqlite"])
def test_a_store_sqlite_cannot_open_is_refused_in_one_line(tmp_path, capsys, monkeypatch, kind):
    import uvicorn

    from ethiclens.cli import main

    def started(*args, **kwargs):
        raise AssertionError("the server started")

    monkeypatch.setattr(uvicorn, "run", started)
    store = tmp_path / "nowhere" / "history.sqlite"
    if kind == "not sqlite":
        store = tmp_path / "history.sqlite"
        store.write_bytes(b"this is no database, " * 100)
    data = tmp_path / "data"
    rc = main(["serve", "--store", str(store), "--data-dir", str(data)])
    err = capsys.readouterr().err
    assert rc == 2, err
    assert len(err.strip().splitlines()) == 1 and "option '--store'" in err, err
    assert "cannot open the history database" in err and "Traceback" not in err, err
    assert not data.exists()
