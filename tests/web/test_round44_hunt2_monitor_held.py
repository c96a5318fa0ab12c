"""Round 44 second-wave hunt (web vs monitor): a window the last run held back (--hold-last, a
day not ended, a row window not full; the store keeps it in meta ``held`` with its span and
rows) was named by the run's terminal note ('window 1 (... to ..., 3 rows): held by
--hold-last ...') but the /monitoring store page said nothing of it: its window count and
last window read as if the target's newest rows were all processed. read_store now gives the
held windows and the page names them, in the note's words."""

from __future__ import annotations

import pandas as pd
import pytest
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _run(tmp_path, hold_last: bool):
    rows = [(f"2025-01-0{d}T{h:02d}:00:00Z", "AB"[h % 2], h % 3 == 0) for d in (1, 2) for h in
            range(6 if d == 1 else 3)]  # fmt: skip
    path = tmp_path / "feed.csv"
    frame = pd.DataFrame(rows, columns=["ts", "g", "pred"]).astype({"pred": int})
    frame.to_csv(path, index=False)
    store = tmp_path / "w.sqlite"
    request = MonitorRequest(
        target=str(path), time="ts", window="1d", y_pred="pred", protected=("g=A",),
        n_draws=100, engine="pandas", hold_last=hold_last,
    )  # fmt: skip
    doc = run_monitor(request, store, warn=False).to_dict()
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    return doc, store, page


def test_the_store_page_names_the_windows_held_back(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn
    doc, store, page = _run(tmp_path, hold_last=True)
    span = "window 1 (2025-01-02T00:00:00Z to 2025-01-03T00:00:00Z, 3 rows)"
    assert doc["run"]["notes"][0].startswith(span)  # the terminal's note
    assert read_store(store)["held"] == [
        {"window": 1, "start": "2025-01-02T00:00:00Z", "end": "2025-01-03T00:00:00Z", "rows": 3}
    ]
    assert f"(a later run processes it): {span}.</p>" in page


def test_nothing_held_says_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")
    _, store, page = _run(tmp_path, hold_last=False)
    assert read_store(store)["held"] == [] and "Held back" not in page
