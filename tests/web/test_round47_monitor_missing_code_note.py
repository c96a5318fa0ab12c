"""Round 47 (the monitor hunter's found-not-fixed item 1, after bb930805): every monitor run
notes a group named like a missing-value code ('?': "g: group '?' looks like a missing-value
code; ... in a new --store"), but the web's Monitoring pages (serve --monitor-store), built from
read_store, said nothing of it. Both pages now say the run's note, from the stored report's
comparisons by the same rule (monitor.missing_code_notes), escaped as every user string."""

from __future__ import annotations

import pandas as pd
import pytest
from markupsafe import escape
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_both_monitoring_pages_say_the_runs_note(tmp_path, monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")  # no plot drawn
    rows = pd.DataFrame({"ts": [f"2025-01-0{1 + i % 2}T0{i % 9}:00:00Z" for i in range(30)],
                         "<g>": ["a", "b", "?"] * 10, "p": [i % 2 for i in range(30)]})  # fmt: skip
    request = MonitorRequest(rows, time="ts", window="1d", y_pred="p", protected=("<g>=a",),
                             min_group_size=1, n_draws=100)  # fmt: skip
    store = tmp_path / "m.sqlite"
    notes = run_monitor(request, store, warn=False).data["run"]["notes"]
    said = [n for n in notes if "missing-value code" in n]
    assert len(said) == 1 and said[0].startswith("<g>: group '?' looks like"), notes
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        pages = [client.get(p).text for p in ("/monitoring", "/monitoring/0")]
    # the page has no control to leave a group out: it says the command line's words (the
    # server's, serve --monitor-store), not the Python run's (round 47: said[0] was pinned here)
    cli = ethiclens.monitor.missing_code_notes({"<g>": ["a", "b", "?"]})
    assert said[0].startswith(cli[0].partition("(")[0]) and "--exclude-group" not in said[0]
    for page in pages:
        assert f"Note: {escape(cli[0])}</p>" in page
        assert "<g>" not in page
