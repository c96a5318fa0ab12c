"""Round 26: the web app's Monitoring pages showed a group's newline as is (a browser folds it
into a space: 'A\\nB' read as 'A B') where the monitor's own dashboard and summary write it
\\n, and a 240-character group ran past the page (its trend plot's title too: cut in its
middle since round 26, tests/monitor/test_round26_long_names.py)."""

from __future__ import annotations

import re

import pytest

from ..monitor.conftest import write_days
from .conftest import make_app

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

LONG = "L" * 120 + "\n" + "M" * 120
SHOWN = "L" * 120 + "\\n" + "M" * 120


def test_a_long_group_with_a_newline_is_shown_on_one_line_and_wraps(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, run_monitor

    feed = write_days(tmp_path / "feed", range(6), groups=(["White", LONG], [0.6, 0.4]))
    store = tmp_path / "watch.sqlite"
    request = MonitorRequest(
        target=str(feed), time="ts", window="1d", y_pred="pred", protected=("race=White",)
    )
    run_monitor(request, store)
    app = make_app(tmp_path, monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        index = client.get("/monitoring").text
        page = client.get("/monitoring/0").text
        css = client.get("/static/style.css").text
    assert f'<td class="name">{SHOWN} vs White</td>' in index  # was: the raw newline
    heading = re.search(r"<h2>(.*?) <span", page, re.S)[1]
    assert heading == f"race: {SHOWN} vs White"
    assert f'alt="race: {SHOWN} vs White trend"' in page
    assert "td.name { overflow-wrap: anywhere; }" in css
