"""Round 27: the web app's page of a monitor store draws at most the monitor's ``MAX_PLOTS``
trend plots, as the monitor's own dashboard does (tests/monitor/test_round27_mg_many_groups_html
.py), and says how many of how many; it drew one per comparison (0.15 s each: an ID-like
attribute of thousands of groups took minutes). Every comparison's tests are still listed."""

from __future__ import annotations

import pytest

from ..monitor.conftest import write_many_groups
from .conftest import make_app

pytest.importorskip("starlette")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_store_page_draws_a_capped_number_of_plots(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    import ethiclens.monitor
    from ethiclens.monitor import MAX_PLOTS, MonitorRequest, run_monitor

    # the cap is what is tested, not matplotlib (0.2 s a plot): the first plot is drawn, the
    # others reuse its PNG; the page takes its plots from ethiclens.monitor.trend_png
    drawn, real = [], ethiclens.monitor.trend_png

    def trend_png(doc, comparison):
        drawn.append(drawn[0] if drawn else real(doc, comparison))
        return drawn[-1]

    monkeypatch.setattr(ethiclens.monitor, "trend_png", trend_png)
    write_many_groups(tmp_path / "a.csv")
    store = tmp_path / "s.sqlite"
    request = MonitorRequest(
        target=str(tmp_path / "a.csv"), time="ts", window="1d", y_pred="pred", protected=("g=A",)
    )
    run_monitor(request, store)
    app = make_app(tmp_path, monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    assert page.count('<img class="trend"') == MAX_PLOTS == 60 == len(drawn)
    assert f"Trend plots of {MAX_PLOTS} of 75 comparisons" in page
    assert page.count('<section class="card monitor-comparison">') == 75
