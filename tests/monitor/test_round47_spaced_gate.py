"""Round 47 (the fairness gate's sibling, left by d259d606): the monitor's gate failures named a
group with whitespace around it bare ('g:b  disparate_impact': Python's
``MonitorResult.gate().message()`` and the JSON's ``run.gate.failures``), so ' b' and 'b' read
alike. They now quote it as the fairness gate does (g:'b ' disparate_impact), and the
dashboard's gate line, which finds its comparisons' words by those same keys, still says them."""

from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.monitor._render import gate_text


def _csv(path):
    """Two weeks: group 'b ''s predictions all 1 whatever its label (an alarm)."""
    rows = ["t,y,p,g"]
    for d in range(14):
        for i in range(40):
            g, y = (" a" if i % 2 else "b "), (i // 2) % 2
            rows.append(f"2024-01-{d + 1:02d}T{i % 24:02d}:00:00Z,{y},{1 if g == 'b ' else y},{g}")
    path.write_text("\n".join(rows) + "\n")
    return path


def test_monitor_gate_quotes_names_with_whitespace_around(tmp_path):
    request = MonitorRequest(
        target=str(_csv(tmp_path / "m.csv")),
        time="t",
        window="7d",
        y_pred="p",
        y_true="y",
        protected=('g=" a"',),
        n_draws=100,
    )
    result = run_monitor(request, tmp_path / "s.db", warn=False, fail_on="alarm")
    outcome = result.gate("alarm")
    assert outcome.failures == ("g:'b ' disparate_impact", "g:'b ' equalized_odds")
    assert "g:'b ' disparate_impact" in outcome.message()
    assert result.to_dict()["run"]["gate"]["failures"] == list(outcome.failures)
    doc = result.to_dict()  # the dashboard's gate line (render_html's; its plots cost 1 s)
    page = gate_text(doc["run"], doc["comparisons"])
    assert "failed: 2 alarmed tests: g: 'b ' vs ' a': DI, EO" in page
    assert "b  disparate" not in outcome.message() + page
