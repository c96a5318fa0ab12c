"""Round 43 review (rmonrep): a trend's "Chart as text" called a window whose DI is unbounded
(the reference never selected, the JSON's reason "unbounded: ...", the plot drawing no point)
"undefined", as it called one where neither group was selected. Now each is counted by its
reason: "unbounded in 1 window, undefined in 1 window"."""

from __future__ import annotations


def test_the_trend_text_counts_unbounded_and_undefined_windows_apart(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor, trend_text

    hits = {0: (5, 5), 1: (0, 4), 2: (0, 0)}  # day: (A's selected, B's selected) of 10 each
    rows = "".join(
        f"2024-01-0{day + 1}T10:00:{i:02d},{grp},{int(i < hits[day][k])}\n"
        for day in range(3)
        for k, grp in enumerate("AB")
        for i in range(10)
    )
    feed = tmp_path / "feed.csv"
    feed.write_text("ts,g,pred\n" + rows)
    request = MonitorRequest(target=str(feed), time="ts", window="1d", y_pred="pred",
                             protected=("g=A",))  # fmt: skip
    doc = run_monitor(request, tmp_path / "s.sqlite").to_dict()
    (c,) = doc["comparisons"]
    reasons = [h["estimates"]["disparate_impact"].get("reason", "") for h in c["history"]]
    assert reasons[1].startswith("unbounded") and reasons[2].startswith("undefined")
    words = trend_text(doc, c)
    assert "DI window estimates from 1.000 (window 0) to 1.000 (window 0), " in words
    assert "unbounded in 1 window, undefined in 1 window; confidence sequence" in words
    assert trend_text(doc, dict(c, history=[])) == "Trend plot of g: B vs A: no window yet."
