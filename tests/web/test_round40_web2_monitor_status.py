"""Round 40 (web2): a monitor store's page answered 200 when its store file was removed since
the server started: the page said so in words, but a poller or a link checker read a 200 as
the store's page. It is 410 now (a server database that does not answer: 503); a damaged file
is still the store's page with its damage on the card (200, as round 15 pins); the list of
every store stays 200, one card per store."""

from __future__ import annotations

import sqlite3

import pytest

from ..monitor.conftest import write_days
from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _store(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    feed = write_days(tmp_path / "feed", range(1), n=200)
    store = tmp_path / "watch.sqlite"
    request = MonitorRequest(
        target=str(feed), time="ts", window="1d", y_pred="pred", protected=("race",)
    )
    run_monitor(request, store)
    return store


def test_a_store_gone_since_the_start_is_410_a_damaged_one_shows_its_card(tmp_path):
    from starlette.testclient import TestClient

    gone = _store(tmp_path)
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(gone.read_bytes())
    app = make_app(tmp_path, monitor_stores=(gone, damaged))
    with TestClient(app, follow_redirects=False) as client:
        gone.unlink()
        with sqlite3.connect(damaged) as con:
            table = con.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchone()
            con.execute(f'DROP TABLE "{table[0]}"')
        con.close()
        first, second = client.get("/monitoring/0"), client.get("/monitoring/1")
        assert (first.status_code, second.status_code) == (410, 200)
        assert "(value: &#39;watch.sqlite&#39;)" in first.text
        assert "(value: &#39;damaged.sqlite&#39;)" in second.text
        assert client.get("/monitoring").status_code == 200  # the list: each store's card
