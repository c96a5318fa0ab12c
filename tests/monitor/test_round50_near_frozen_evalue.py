"""Round 50: an e-value that barely moves says so, as a frozen one says why it is held.

Round 49 (884b023f) added ``held`` where a test's log e-value was exactly the same window after
window. Two groups of 1,000 rows a day selected at 50 % and 39.9 % (DI 0.798, just outside the
band) bet a little: the e-value went 0.5635 -> 0.5639 (shown 0.569, 0.569 on every face) with
no note, reading as frozen without the reason. Such a run now says it barely moved, by less
than the digits shown, the windows having staked little, never that nothing was staked."""

from __future__ import annotations

import pandas as pd

from ethiclens.monitor._report import held_text


def _history(*logs) -> list:
    return [
        {"window": w, "tests": {"disparate_impact": {"log_e_value": x}}} for w, x in enumerate(logs)
    ]


def test_the_rule_tells_frozen_near_frozen_and_moving_apart():
    held = held_text(_history(-0.5635, -0.56389, -0.56334), "disparate_impact", 20)
    assert held.startswith("barely moved since window 0, by less than the digits shown: ")
    assert "windows 1 to 2 staked little" in held and "nothing was staked" not in held
    assert held.endswith("an e-value below 1 is no evidence against the band")
    frozen = held_text(_history(-0.5, -0.56, -0.56), "disparate_impact", 20)
    assert frozen.startswith("unchanged since window 1: nothing was staked in window 2")
    assert held_text(_history(-0.56, -0.5), "disparate_impact", 20) is None  # 0.571 -> 0.607
    # beside the alarm level the digits that keep it on its side are shown: 19.96 is no 20
    assert held_text(_history(2.9937, 2.9957), "disparate_impact", 20) is None
    assert held_text(_history(2.9937, 2.9937001), "disparate_impact", 20).startswith("barely")


def test_a_run_that_barely_moves_says_so_in_its_summary(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor
    from ethiclens.monitor._render import summary_lines

    rows = []
    for day in range(2):
        ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=day, hours=1)
        for g, selected in (("A", 500), ("B", 399)):
            rows += [(ts, g, int(i < selected)) for i in range(1000)]
    frame = pd.DataFrame(rows, columns=["ts", "g", "pred"])
    request = MonitorRequest(
        target=frame, time="ts", window="1d", y_pred="pred", protected=("g=A",)
    )
    doc = run_monitor(request, tmp_path / "s.sqlite", warn=False).to_dict()
    test = doc["comparisons"][0]["tests"]["disparate_impact"]
    assert test["held"].startswith("barely moved since window 0")
    assert any(test["held"] in line for line in summary_lines(doc))
