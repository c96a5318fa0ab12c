"""Round 44 second-wave hunt (web vs monitor): the /monitoring store page's window table gave a
window's status bare ('INSUFFICIENT_DATA', 'ONE_GROUP') where the monitor's JSON gives its
reason ('n = 4, below the floor of 100: ...'), and a comparison whose group had no rows in its
last windows had no word of it, which the terminal summary and the --html dashboard state
('B has no rows in window 1 (ONE_GROUP)'). The page now gives both, in the monitor's words."""

from __future__ import annotations

import pandas as pd
import pytest
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, run_monitor, summary_lines

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_the_window_table_gives_each_status_its_reason(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn
    day1 = [(f"2025-01-01T{h:02d}:00:00Z", "AB"[h % 2], h % 3 == 0) for h in range(8)]
    day2 = [(f"2025-01-02T{h:02d}:00:00Z", "A", h % 2 == 0) for h in range(6)]  # no B
    path = tmp_path / "feed.csv"
    pd.DataFrame(day1 + day2, columns=["ts", "g", "pred"]).astype({"pred": int}).to_csv(
        path, index=False
    )
    store = tmp_path / "w.sqlite"
    request = MonitorRequest(
        target=str(path), time="ts", window="1d", y_pred="pred", protected=("g=A",),
        n_draws=100, engine="pandas",
    )  # fmt: skip
    doc = run_monitor(request, store, warn=False).to_dict()
    said = "\n".join(summary_lines(doc))
    history = doc["comparisons"][0]["history"]
    assert [h["status"] for h in history] == ["INSUFFICIENT_DATA", "ONE_GROUP"]
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    for h in history:
        shown = h["reason"].replace("'", "&#39;")
        assert f"<td>{h['status']} ({shown})</td>" in page
    assert "B has no rows in window 1 (ONE_GROUP)" in said  # the terminal's line
    assert "<p>B has no rows in window 1 (ONE_GROUP)</p>" in page
