"""Round 44 review (web): the monitoring page's window table wrote a window's undefined DI as a
bare '—' (neither group selected; one group without rows), where the JSON and the terminal give
its reason; it now writes the reason beside it."""

from __future__ import annotations

import pandas as pd
import pytest
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_monitoring_page_gives_an_undefined_di_its_reason(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn

    path = tmp_path / "zero.csv"
    pd.DataFrame(
        {"ts": [f"2025-01-01T{h:02d}:00:00Z" for h in range(20)], "g": ["A", "B"] * 10,
         "pred": [0] * 20}
    ).to_csv(path, index=False)  # fmt: skip
    store = tmp_path / "w.sqlite"
    request = MonitorRequest(
        target=str(path), time="ts", window="1d", y_pred="pred", protected=("g=A",)
    )
    run_monitor(request, store, warn=False)
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    assert "— (undefined: neither group was selected in this window)" in page
