"""Round 21: the monitor's trend plot draws a group named like mathtext ('$\\notacmd$',
'$0-$25k') as written; it crashed the dashboard."""

from ethiclens.monitor import render_html, run_monitor

from .conftest import request_of, write_days


def test_dollar_group_names_draw_in_the_trend_plot(tmp_path):
    names = ["$\\notacmd$", "$0-$25k"]
    data = write_days(tmp_path / "data", range(25), n=24, groups=(names, [0.5, 0.5]))
    request = request_of(data, protected=("race=$0-$25k",))
    doc = run_monitor(request, tmp_path / "s.sqlite").data
    page = render_html(doc)
    assert "$\\notacmd$ vs $0-$25k" in page
    assert page.count("data:image/png;base64,") == 1
