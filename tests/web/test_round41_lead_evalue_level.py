"""Round 41: the Monitoring page prints an e-value beside its test's alarm level as the monitor's
terminal and HTML do since b6873ae0: 19.96 against a level of 20 is '19.96', never '20' (which
read as an alarm that was not raised)."""

from __future__ import annotations

import math

import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_store_page_prints_an_e_value_on_its_side_of_the_level(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    import ethiclens.monitor as monitor
    from ethiclens.monitor import MonitorRequest, read_store, run_monitor

    rows = "".join(
        f"2024-01-{day + 1:02d}T10:00:00,{grp},{int(i < hits)}\n"
        for day in range(3)
        for grp, hits in (("A", 50), ("B", 45))
        for i in range(100)
    )
    feed = tmp_path / "f.csv"
    feed.write_text("ts,grp,pred\n" + rows)
    store = tmp_path / "x.sqlite"
    request = MonitorRequest(
        target=str(feed), time="ts", window="1d", y_pred="pred", protected=("grp=A",)
    )
    run_monitor(request, store)
    data = read_store(store)
    near = math.log(19.96)  # below the level 1/alpha = 20: no alarm
    for comparison in data["comparisons"]:
        for test in comparison["tests"].values():
            test.update(log_e_value=near, threshold=20.0, alarm=False)
        for window in comparison["series"]:
            for test in window["tests"].values():
                test["log_e_value"] = near
    monkeypatch.setattr(monitor, "read_store", lambda *a, **k: data)
    app = make_app(tmp_path, monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    # the tests table: the e-value, then the level it is compared with
    assert "<td>19.96</td><td>20</td>" in page and "<td>20</td><td>20</td>" not in page
