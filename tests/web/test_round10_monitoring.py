"""Round 10: the Monitoring page shows an e-value beyond a double from its log (never a capped
1.01e+304) and says why a confidence sequence is empty, as the terminal does."""

from __future__ import annotations

import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_store_page_shows_a_huge_e_value_and_why_a_sequence_is_empty(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, e_value_text, read_store, run_monitor

    rows = "".join(
        f"2024-01-{day + 1:02d}T10:00:00,{grp},{int(i < hits)}\n"
        for day in range(20)
        for grp, hits in (("A", 450), ("B", 10))
        for i in range(500)
    )  # 20 days, DI ≈ 0.022: evidence far beyond a double
    feed = tmp_path / "lowdi.csv"
    feed.write_text("ts,grp,pred\n" + rows)
    store = tmp_path / "x.sqlite"
    request = MonitorRequest(target=str(feed), time="ts", window="1d", y_pred="pred",
                             protected=("grp=A",))  # fmt: skip
    run_monitor(request, store)
    test = read_store(store)["comparisons"][0]["tests"]["disparate_impact"]
    app = make_app(tmp_path, monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    assert f"<td>{e_value_text(test['log_e_value'])}</td>" in page and "e+304" not in page
    assert "DI empty (outside the grid [0.05, 20]: all windows together give 0.0222)" in page
