"""Review of 05c313bc (another program's SQLite table named ``meta``): a key/value table of
another program holding an ``app`` row of plain text (``app = hello``, a number, NULL) was
still refused as "is damaged (meta 'app' is not JSON) ... Fix: restore it from a backup". An
EthicLens store's ``app`` is the JSON text "ethiclens-monitor"; such a file is now refused as
every other program's SQLite file is, by a run and by ``read_store``, and left as it was."""

import sqlite3

import pytest

from .test_round40_monitor_foreign_meta import refused_as_no_store


@pytest.mark.parametrize("app", ["hello", 7, None])
def test_another_programs_app_row_is_no_damaged_store(tmp_path, app):
    store = tmp_path / "app.sqlite"
    with sqlite3.connect(store) as con:
        con.execute("CREATE TABLE meta (key TEXT, value)")
        con.execute("INSERT INTO meta VALUES ('app', ?)", (app,))
    con.close()
    refused_as_no_store(tmp_path, store)
