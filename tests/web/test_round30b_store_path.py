"""Round 30: a monitor store damaged since the server started was refused on /monitoring and
its own page with the server's full path of the store (the server's folders shown to the
browser); the page now names it as it knows it, by its file's name."""

from __future__ import annotations

import sqlite3

import pytest

from .conftest import make_app
from .test_monitoring import monitor_store  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_damaged_store_is_named_without_the_server_s_folders(tmp_path, monitor_store):  # noqa: F811
    from starlette.testclient import TestClient

    gone, damaged = tmp_path / "gone.sqlite", tmp_path / "damaged.sqlite"
    for path in (gone, damaged):
        path.write_bytes(monitor_store.read_bytes())
    app = make_app(tmp_path, monitor_stores=(gone, damaged))
    gone.unlink()
    with sqlite3.connect(damaged) as con:
        table = con.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchone()[0]
        con.execute(f'DROP TABLE "{table}"')
    con.close()
    with TestClient(app, follow_redirects=False) as client:
        for url in ("/monitoring", "/monitoring/0", "/monitoring/1"):
            page = client.get(url).text
            assert str(tmp_path) not in page, url
        assert "(value: &#39;gone.sqlite&#39;)" in client.get("/monitoring/0").text
        assert "(value: &#39;damaged.sqlite&#39;)" in client.get("/monitoring/1").text
