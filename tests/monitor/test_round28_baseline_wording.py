"""Round 28: the terminal and the HTML state the baseline tests' threshold as the JSON does.

Before: the summary (terminal and HTML alike) said "alarm when an e-value reaches 1/alpha = 20"
for every test, while the JSON's baseline tests hold ``threshold`` 40 (2/alpha, as
docs/monitoring.md says: "alarming at e-value ≥ 2/α"). Now the line names both where the
store has baseline tests, and only 1/alpha where it has none."""

import html

from ethiclens.monitor import render_html, run_monitor, summary_lines

from .conftest import request_of, write_days


def test_the_baseline_threshold_is_said_where_the_json_holds_it(tmp_path):
    feed = write_days(tmp_path / "feed", range(4), n=300)
    based = run_monitor(request_of(feed, baseline_windows=2), tmp_path / "b.sqlite").to_dict()
    thresholds = {t: v["threshold"] for c in based["comparisons"] for t, v in c["tests"].items()}
    assert thresholds["baseline_disparate_impact"] == 40 and thresholds["disparate_impact"] == 20
    line = "alarm when an e-value reaches 1/alpha = 20 (a baseline test's 2/alpha = 40)"
    assert any(line in s for s in summary_lines(based))
    assert line in html.unescape(render_html(based))
    plain = run_monitor(request_of(feed), tmp_path / "p.sqlite").to_dict()
    said = [s for s in summary_lines(plain) if "alarm when" in s]
    assert said and said[0].endswith("1/alpha = 20")
