"""Round 44 second-wave hunt (web vs monitor): the /monitoring store page named the target,
the columns and the policy, but not what the terminal summary and the --html dashboard state of
the request: the weighting (weighted evidence), the baseline target, the positive label (a
store of version 2 under --pos-label read as if 0/1 were the labels), the bins and the group
edits. The page now states the monitor's own lines (``request_lines``), a baseline file by its
name only (never the server's folders)."""

from __future__ import annotations

import pandas as pd
import pytest
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, run_monitor, summary_lines

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _feed(path, days=2):
    rows = [
        {"ts": f"2025-01-0{d}T{h:02d}:00:00Z", "g": "abc"[h % 3], "age": 20 + h,
         "pred": ["yes", "no"][h % 2], "y": ["no", "yes"][h % 4 == 0], "wt": 1 + h % 2}
        for d in range(1, days + 1) for h in range(24)
    ]  # fmt: skip
    pd.DataFrame(rows).to_csv(path, index=False)


def test_the_store_page_states_the_request_as_the_terminal_does(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn
    folder = tmp_path / "server-secret-folder"
    folder.mkdir()
    _feed(folder / "feed.csv")
    _feed(folder / "base.csv", days=1)
    request = MonitorRequest(
        target=str(folder / "feed.csv"), time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g", "age"), pos_label="yes", weight="wt", bins={"age": (18, 30, 50)},
        merge_groups={"g": {"ab": ("a", "b")}}, baseline_target=str(folder / "base.csv"),
        n_draws=100, engine="pandas",
    )  # fmt: skip
    store = tmp_path / "w.sqlite"
    said = "\n".join(summary_lines(run_monitor(request, store, warn=False).to_dict()))
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    for line, terminal in (
        ("weighted: --weight wt (each row&#39;s survey weight)", "weighted: --weight wt ("),
        ("baseline: --baseline-target base.csv", f"baseline: --baseline-target {folder}"),
        ("positive label: &#39;yes&#39;", "positive label: 'yes'"),
        ("binned: age at 18, 30, 50", "binned: age at 18, 30, 50"),
        ("merged: g ab = a + b", "merged: g ab = a + b"),
    ):
        assert terminal in said  # the terminal's words
        assert f"<li>{line}</li>" in page
    assert "server-secret-folder" not in page


def test_a_store_without_options_states_none(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")
    _feed(tmp_path / "feed.csv")
    store = tmp_path / "w.sqlite"
    request = MonitorRequest(
        target=str(tmp_path / "feed.csv"), time="ts", window="1d", y_pred="pred", protected=("g",),
        pos_label="yes", n_draws=100, engine="pandas",
    )  # fmt: skip
    run_monitor(request, store, warn=False)
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/monitoring/0").text
    assert '<ul class="monitor-request"><li>positive label: &#39;yes&#39;</li></ul>' in page
    assert "weighted:" not in page and "baseline:" not in page
