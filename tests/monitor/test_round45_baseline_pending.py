"""Round 45: a --baseline-windows K or --baseline-period baseline still being pooled (fewer
than K windows; no window after the period yet) gave no baseline test and no word of why on
any face: the terminal and the dashboard said only 'baseline: --baseline-windows 10 (the first
windows)', the /monitoring page the same, as if the tests had been dropped. Each now says
'no baseline test yet: ... its tests start with window 10' (or the first window after the
period); nothing once a window after the baseline is in the store."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor, summary_lines
from ethiclens.web._routes_history import _monitor_store

FRAME = pd.DataFrame(
    {
        "t": [f"2024-01-0{d}T{h:02d}:00:00Z" for d in range(1, 6) for h in range(20)],
        "p": [h % 3 == 0 for d in range(5) for h in range(20)],
        "g": ["a", "b"] * 50,
    }
).assign(p=lambda f: f.p.astype(int))


@pytest.mark.parametrize(
    ("given", "words"),
    [({"baseline_windows": 10}, "the first 10 windows are pooled as the baseline (5 in the "
      "store so far); its tests start with window 10"),
     ({"baseline_period": "2024-01-01..2024-01-31"}, "the windows inside --baseline-period "
      "2024-01-01..2024-01-31 are pooled as the baseline; its tests start with the first "
      "window after 2024-01-31"),
     ({"baseline_windows": 2}, None)],
)  # fmt: skip
def test_a_baseline_still_pooled_is_said_on_every_face(tmp_path, given, words):
    store = tmp_path / "s.sqlite"
    request = MonitorRequest(FRAME, time="t", window="1d", y_pred="p", protected=("g",), **given)
    doc = run_monitor(request, store, warn=False).to_dict()
    said = [line for line in summary_lines(doc) if line.startswith("no baseline test yet")]
    page = [
        line for line in _monitor_store(0, store)["request_lines"] if "no baseline test" in line
    ]
    if words is None:  # window 2 on is tested: nothing to say
        assert said == page == [] and any(
            k.startswith("baseline_") for k in doc["comparisons"][0]["tests"]
        )
        return
    assert said == page == [f"no baseline test yet: {words}"]
