"""Round 28: the web app's monitoring page states the baseline tests' alarm level as the JSON,
the terminal and the monitor's HTML do: "1/alpha = 20 (a baseline test's 2/alpha = 40)" where
the store has baseline tests, only "1/alpha = 20" where it has none (it said 1/alpha for all)."""

from __future__ import annotations

import html

import pytest

from ..monitor.conftest import request_of, write_days
from .conftest import make_app

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_monitoring_page_names_the_baseline_threshold(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.monitor import run_monitor

    feed = write_days(tmp_path / "feed", range(4), n=300)
    run_monitor(request_of(feed, baseline_windows=2), tmp_path / "b.sqlite")
    run_monitor(request_of(feed), tmp_path / "p.sqlite")
    stores = (tmp_path / "b.sqlite", tmp_path / "p.sqlite")
    app = make_app(tmp_path, monitor_stores=stores)
    with TestClient(app, follow_redirects=False) as client:
        page = html.unescape(client.get("/monitoring").text)
    based, plain = page.split('id="store-1"')
    assert "reaches 1/alpha = 20 (a baseline test's 2/alpha = 40)</p>" in based
    assert "reaches 1/alpha = 20</p>" in plain and "2/alpha" not in plain


def test_a_stores_own_page_names_the_baseline_threshold(tmp_path):
    """Review: the store's own page (/monitoring/N) said 'alarm when an e-value reaches 20'
    beside a baseline test whose threshold column says 40."""
    from starlette.testclient import TestClient

    from ethiclens.monitor import run_monitor

    feed = write_days(tmp_path / "feed", range(4), n=300)
    run_monitor(request_of(feed, baseline_windows=2), tmp_path / "b.sqlite")
    run_monitor(request_of(feed), tmp_path / "p.sqlite")
    app = make_app(tmp_path, monitor_stores=(tmp_path / "b.sqlite", tmp_path / "p.sqlite"))
    with TestClient(app, follow_redirects=False) as client:
        based, plain = (html.unescape(client.get(f"/monitoring/{i}").text) for i in (0, 1))
    assert "reaches 20, a baseline test's at 2/alpha = 40, valid at every look" in based
    assert "reaches 20, valid at every look" in plain and "2/alpha" not in plain
