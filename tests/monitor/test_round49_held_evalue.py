"""An e-value that does not move: the bet stays 0 while the windows sit inside the band (a window
is bet on with what the windows before it showed), so after the first window's mixed bet the
e-value held exactly (0.72 for 'Asian vs White' in six windows of write_days(change_day=3)),
shown as a bare number that read as measured evidence or as a bet that never updates. Every face
now says why (``held``); a moving e-value has none."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens._jsonschema import validate

from .conftest import SCHEMA


def _frame(change_day=None, days=6, n=100):
    """Two groups of n rows a day, each half selected; from ``change_day`` B a quarter."""
    rows = []
    for d in range(days):
        b_sel = n // 4 if change_day is not None and d >= change_day else n // 2
        for g, sel in (("A", n // 2), ("B", b_sel)):
            ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=d, hours=1)
            rows += [(ts, g, int(i < sel)) for i in range(n)]
    return pd.DataFrame(rows, columns=["ts", "g", "pred"])


def _run(tmp_path, frame):
    from ethiclens.monitor import MonitorRequest, run_monitor

    request = MonitorRequest(
        target=frame, time="ts", window="1d", y_pred="pred", protected=("g=A",)
    )
    return run_monitor(request, tmp_path / "s.sqlite", warn=False).to_dict()


def test_a_frozen_e_value_says_why_on_every_face(tmp_path, monkeypatch):
    from ethiclens.monitor import _render
    from ethiclens.monitor._render import render_html, summary_lines

    monkeypatch.setattr(_render, "_trend_img", lambda *a: "")  # the table is tested, not the plot

    doc = _run(tmp_path, _frame())
    validate(doc, SCHEMA)
    (comparison,) = doc["comparisons"]
    logs = [h["tests"]["disparate_impact"]["log_e_value"] for h in comparison["history"]]
    assert len(set(logs)) == 1 and logs[0] < 0  # the first window's cost, then nothing staked
    held = comparison["tests"]["disparate_impact"]["held"]
    assert held.startswith("unchanged since window 0: nothing was staked in windows 1 to 5")
    assert "below 1 is no evidence against the band" in held
    line = next(x for x in summary_lines(doc) if "e-value" in x and "against" in x)
    assert held in line
    assert held in render_html(doc)


@pytest.mark.parametrize("days", [6, 4])  # the change day itself is bet on with λ = 0
def test_a_moving_e_value_has_no_such_note(tmp_path, days):
    doc = _run(tmp_path, _frame(change_day=2, days=days))
    validate(doc, SCHEMA)
    test = doc["comparisons"][0]["tests"]["disparate_impact"]
    logs = [h["tests"]["disparate_impact"]["log_e_value"] for h in doc["comparisons"][0]["history"]]
    assert logs[-1] != logs[-2] and test["held"] is None
    if days == 6:
        assert test["alarm"] and np.exp(logs[-1]) >= 20  # DI 0.5 from day 2: alarmed


def test_the_web_page_says_why_too(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from ethiclens import monitor
    from tests.web.conftest import make_app

    monkeypatch.setattr(monitor, "trend_png", lambda *a: b"")  # the table is tested, not the plot

    doc = _run(tmp_path, _frame(days=3))
    held = doc["comparisons"][0]["tests"]["disparate_impact"]["held"]
    assert held.startswith("unchanged since window 0: nothing was staked in windows 1 to 2")
    app = make_app(tmp_path, monitor_stores=(tmp_path / "s.sqlite",))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0")
    assert page.status_code == 200 and held.replace("'", "&#39;") in page.text
