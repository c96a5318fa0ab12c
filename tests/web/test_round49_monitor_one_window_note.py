"""Round 49: a store of one window was shown on the web's Monitoring pages without the note
the run said in the terminal and the JSON's run.notes ("the store holds one window so far:
one fixed-sample look; ..."): a reader of the page took one window's e-value for monitoring.
The pages now say the notes that hold of the store as read (``monitor.store_notes``)."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
ONE = "the store holds one window so far: one fixed-sample look; monitoring begins as later"


@pytest.mark.parametrize(("window", "noted"), [("7d", True), ("24", False)])
def test_the_store_pages_say_the_one_window_note_the_run_said(tmp_path, monkeypatch, window, noted):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn
    rows = [
        {"ts": f"2025-01-0{d}T{h:02d}:00:00Z", "g": "ab"[h % 2], "pred": h % 3 == 0, "y": h % 2}
        for d in (1, 2) for h in range(24)
    ]  # fmt: skip
    pd.DataFrame(rows).astype({"pred": int}).to_csv(tmp_path / "feed.csv", index=False)
    request = MonitorRequest(
        target=str(tmp_path / "feed.csv"), time="ts", window=window, y_pred="pred", y_true="y",
        protected=("g",), n_draws=100, engine="pandas",
    )  # fmt: skip
    store = tmp_path / "w.sqlite"
    run = run_monitor(request, store, warn=False).to_dict()["run"]
    assert any(ONE in n for n in run.get("notes", [])) is noted  # the run's own (Python) words
    with TestClient(make_app(tmp_path / "web", monitor_stores=(store,))) as client:
        for url in ("/monitoring", "/monitoring/0"):
            page = client.get(url)
            assert page.status_code == 200
            text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.text)))
            assert (ONE in text) is noted, url
