"""Round 22: the web app's Before and After view and the monitoring page print a DI/EO bound on
its side of the policy threshold, as the reports do: an EO lower bound of 0.10040 against 0.10
reads 0.1004 (was 0.100, beside a verdict that says it exceeds 0.10); each audit of a diff by its
own policy."""

from __future__ import annotations

import pytest

pytest.importorskip("jinja2")

from ethiclens.web._routes_history import _diff_rows, _interval  # noqa: E402
from ethiclens.web._web import templates  # noqa: E402


def _result(eo_threshold=0.10, di_rule="two_sided"):
    policy = {"di_threshold": 0.8, "eo_threshold": eo_threshold, "di_rule": di_rule}
    metrics = {
        "disparate_impact": {"value": 0.7, "ci_low": 0.6, "ci_high": 0.79996},
        "equalized_odds_difference": {"value": 0.159, "ci_low": 0.10040, "ci_high": 0.212},
    }
    comparison = {"attribute": "g", "group": "B", "status": "FLAGGED", "metrics": metrics}
    return {"config": {"policy": policy}, "comparisons": [comparison]}


def test_the_diff_prints_a_bound_on_its_side_of_its_audit_s_threshold():
    (row,) = _diff_rows(_result(), _result(eo_threshold=0.05))
    assert row["eo_old"] == "0.159 [0.1004, 0.212]"
    assert row["di_old"] == "0.700 [0.600, 0.79996]"
    assert row["eo_new"] == "0.159 [0.100, 0.212]"  # 0.05 is the new audit's line: far from it
    assert row["di_new"] == "0.700 [0.600, 0.79996]"


def test_the_diff_cell_without_a_policy_prints_three_places():
    metric = {"value": 0.159, "ci_low": 0.10040, "ci_high": 0.212}
    assert _interval(metric) == "0.159 [0.100, 0.212]"
    assert _interval(metric, (0.1,)) == "0.159 [0.1004, 0.212]"
    assert _interval({"value": None, "ci_low": 1.25002, "ci_high": None}, (0.8, 1.25)) == (
        "unbounded [1.25002, ∞)"
    )
    (row,) = _diff_rows({"comparisons": _result()["comparisons"]}, _result())
    assert row["eo_old"] == "0.159 [0.100, 0.212]"


def test_the_monitoring_page_s_di_bound_filter():
    bound = templates().filters["di_bound"]
    assert bound(0.79996, 0.8) == "0.79996"
    assert bound(1.25002, 0.8) == "1.25002"
    assert bound(0.61, 0.8) == "0.610"
    assert bound(None, 0.8) == "—"


def test_the_monitoring_page_prints_its_policy_band_as_the_reports_do(tmp_path):
    """The policy line printed the band with %g (1/0.9 as 1.11111, a typed 0.12345678 as
    0.123457); it now uses the reports' threshold_text (exact, or cut with an ellipsis)."""
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, run_monitor

    from .conftest import make_app

    rows = "".join(
        f"2024-01-{day + 1:02d}T10:00:00,{grp},{int(i < 20)},{i % 2}\n"
        for day in range(3)
        for grp in ("A", "B")
        for i in range(40)
    )
    feed = tmp_path / "feed.csv"
    feed.write_text("ts,grp,pred,y\n" + rows)  # labelled: the page states the EO limit
    store = tmp_path / "m.sqlite"
    request = MonitorRequest(target=str(feed), time="ts", window="1d", y_pred="pred",
                             protected=("grp=A",), di_threshold=0.9, y_true="y",
                             eo_threshold=0.12345678)  # fmt: skip
    run_monitor(request, store)
    with TestClient(make_app(tmp_path, monitor_stores=(store,))) as client:
        page = client.get("/monitoring/0").text
    assert "Policy: DI inside [0.90, 1.1111…], EO gaps at most 0.12345678;" in page, page
    assert templates().filters["threshold"](0.8) == "0.80"
