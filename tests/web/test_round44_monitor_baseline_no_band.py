"""Round 44 (monitor, web face): a baseline that selected no one in a group has no DI band;
the /monitoring store page says its DI test is not run and why, as the terminal and the
dashboard do, never a band [0.000, 1000000000.000]."""

from __future__ import annotations

import pandas as pd
import pytest
from starlette.testclient import TestClient

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _day(day, pred):
    ts = [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(20)]
    return pd.DataFrame({"ts": ts, "g": ["a", "b"] * 10, "pred": pred})


def test_the_store_page_says_the_baseline_di_test_is_not_run(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn
    pd.concat([_day(1, [1, 0] * 10), _day(2, [1, 1] * 10)]).to_csv(tmp_path / "t.csv")
    _day(1, [0] * 20).to_csv(tmp_path / "b.csv", index=False)
    request = MonitorRequest(
        target=tmp_path / "t.csv", time="ts", window="1d", y_pred="pred", protected=("g=a",),
        baseline_target=str(tmp_path / "b.csv"), n_draws=100,
    )  # fmt: skip
    store = tmp_path / "s.sqlite"
    run_monitor(request, store, warn=False)
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    assert "DI vs baseline: not tested: cannot compare: the baseline (--baseline-target) " in page
    assert "selected no one in either group, so its DI is undefined (0/0)" in page
    assert "1000000000" not in page
