"""Round 26: every interval the web app shows names its method and level. The Before and After
view said "Values and 95% intervals" whatever the two audits used (a typed confidence level
0.9, the percentile bootstrap); the monitoring page's confidence sequences named neither their
level (1 - alpha) nor their method, nor the window intervals theirs."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from .conftest import make_app, make_frame, mapping_form, upload, wait_done  # noqa: E402


def _audit(client, **fields) -> str:
    location = upload(client, make_frame(1500).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(location).text, protected=["3"], n_boot="200", **fields)
    sent = client.post(location, data=form)
    assert sent.status_code == 303, sent.text
    wait_done(client, sent.headers["location"])
    return sent.headers["location"].rsplit("/", 1)[1]


def test_the_diff_names_each_audit_s_interval_level_and_method(client):
    a = _audit(client)
    b = _audit(client, confidence_level="0.9", ci="percentile")
    page = client.get(f"/diff?a={a}&b={b}").text
    line = re.search(r'<p class="help" id="intervals">(.*?)</p>', page).group(1)
    assert "95% intervals" not in line.split("after")[1], line  # was: "Values and 95% intervals"
    assert "before, 95% intervals, jeffreys" in line, line
    assert "after, 90% intervals, percentile" in line, line


def test_the_monitoring_page_names_its_intervals_methods_and_levels(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, run_monitor

    rows = "".join(
        f"2024-01-{day + 1:02d}T10:00:00,{grp},{int(i < 20)}\n"
        for day in range(3)
        for grp in ("A", "B")
        for i in range(40)
    )
    feed = tmp_path / "feed.csv"
    feed.write_text("ts,grp,pred\n" + rows)
    store = tmp_path / "m.sqlite"
    request = MonitorRequest(target=str(feed), time="ts", window="1d", y_pred="pred",
                             protected=("grp=A",), alpha=0.001)  # fmt: skip
    run_monitor(request, store)
    with TestClient(make_app(tmp_path, monitor_stores=(store,))) as client:
        page = client.get("/monitoring/0").text
    assert (
        "Confidence sequences (99.9%, every look, for a constant gap; ci_method betting):" in page
    ), page
    assert "<th>DI [95% interval, jeffreys]</th>" in page
    methods = re.search(r'<p class="help" id="methods">(.*?)</p>', page).group(1)
    assert "hedged-capital confidence sequences by betting" in methods
    assert "Jeffreys, this window alone" in methods


def test_the_audit_page_names_its_intervals_level_and_method(client):
    """Its lines quote intervals ('DI interval [0.433, 0.551] lies entirely outside …'):
    the page says how they were made, as the run's config records it."""
    audit = _audit(client, confidence_level="0.9", ci="percentile")
    page = client.get(f"/audits/{audit}").text
    line = re.search(r'<p class="help" id="intervals">(.*?)</p>', page).group(1)
    assert line.startswith("Intervals: 90% intervals, percentile"), line
