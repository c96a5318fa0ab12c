"""Round 20: a window (or an audit) whose reference group was never selected has an unbounded
DI: its lower bound is the evidence, and the web pages show it as [low, ∞), not as nothing."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.web._routes_history import _interval

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_diff_shows_an_unbounded_di_by_its_lower_bound():
    assert _interval({"value": None, "ci_low": 22.998, "ci_high": None}) == "unbounded [22.998, ∞)"
    assert _interval({"value": 0.8, "ci_low": 0.7, "ci_high": 0.93}) == "0.800 [0.700, 0.930]"
    assert _interval({"value": None, "ci_low": None, "ci_high": None}) == "—"
    assert _interval(None) == "—"


def test_the_monitoring_page_shows_a_window_s_unbounded_di(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, run_monitor

    r = np.random.default_rng(0)
    n = 150
    frame = pd.DataFrame(
        {
            "ts": pd.Timestamp("2025-01-01 12:00", tz="UTC"),
            "g": ["A"] * n + ["B"] * n,
            "pred": np.r_[np.zeros(n, int), (r.random(n) < 0.3).astype(int)],
        }
    )
    frame.to_csv(tmp_path / "zero.csv", index=False)
    store = tmp_path / "w.sqlite"
    request = MonitorRequest(
        target=str(tmp_path / "zero.csv"), time="ts", window="1d", y_pred="pred",
        protected=("g=A",),
    )  # fmt: skip
    run_monitor(request, store)
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    assert ", ∞)" in page
