"""Round 48: the compare page (/diff) and a monitor store's page printed a DI value to three
places while its interval's bounds, the reports and the CLI print it on its side of the policy
band's edge: a DI of 0.7996 (below 0.80) read '0.800' beside the CLI's '0.7996', and an
audit at 0.8004 read the same. Both print the value as the reports do now."""

from __future__ import annotations

import pandas as pd
import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _result(di: float, eo: float) -> dict:
    metrics = {
        "disparate_impact": {"value": di, "ci_low": 0.765, "ci_high": 0.832},
        "equalized_odds_difference": {"value": eo, "ci_low": 0.05, "ci_high": 0.15},
    }
    comparison = {"attribute": "g", "group": "B", "reference": "A", "status": "INCONCLUSIVE"}
    policy = {"di_threshold": 0.8, "eo_threshold": 0.1}
    return {"comparisons": [{**comparison, "metrics": metrics}], "config": {"policy": policy}}


def test_the_diff_prints_a_value_beside_an_edge_on_its_side():
    from ethiclens.web._routes_history import _diff_rows

    (row,) = _diff_rows(_result(0.7996, 0.0996), _result(0.8004, 0.1004))
    assert (row["di_old"], row["di_new"]) == ("0.7996 [0.765, 0.832]", "0.8004 [0.765, 0.832]")
    assert (row["eo_old"], row["eo_new"]) == ("0.0996 [0.050, 0.150]", "0.1004 [0.050, 0.150]")


def test_a_monitor_window_s_di_beside_an_edge_reads_as_the_cli_s(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, run_monitor

    n = 2500  # A always selected, B 1,999 times: DI 0.7996, just under 0.80
    frame = pd.DataFrame(
        {
            "ts": "2024-03-01T12:00:00Z",
            "pred": [1] * n + [int(i < 1999) for i in range(n)],
            "g": ["A"] * n + ["B"] * n,
        }
    )
    frame.to_csv(tmp_path / "feed.csv", index=False)
    store = tmp_path / "watch.sqlite"
    request = MonitorRequest(
        target=str(tmp_path / "feed.csv"), time="ts", window="1d", y_pred="pred", protected=("g",)
    )
    run_monitor(request, store)
    with TestClient(make_app(tmp_path, monitor_stores=(store,))) as client:
        page = client.get("/monitoring/0").text
    assert "<td>0.7996 [" in page and "<td>0.800 [" not in page, page[-3000:]
