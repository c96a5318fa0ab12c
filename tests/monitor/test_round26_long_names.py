"""Round 26: the monitor's trend plot drew a long group name whole in its title (a 240-character
name ran past both edges of the figure and hid the reference); it is cut in its middle as the
report's charts cut names (one helper, _text.short_labels). The dashboard's heading showed a
name's newline as a space (a page folds it): it is \\n, as in the summary above it, and a long
name wraps in the page instead of running past it."""

import re
import warnings

from ethiclens.monitor import render_html, run_monitor
from ethiclens.monitor._render import TITLE_ROOM, chart_title, trend_png

from .conftest import request_of, write_days

LONG = "L" * 120 + "\n" + "M" * 120  # under the 256-character bound on a group label
ODD = "short\u202eevil\u200b<b>x</b>"


def test_a_trend_plot_s_title_cuts_long_names_in_their_middle():
    title = chart_title({"attribute": "race", "group": LONG, "reference": ODD})
    assert title == "race: LLLLLLLLLLL…MMMMMMMMMMMM vs short\\u202e…200b<b>x</b>"
    assert "\n" not in title and len(title) <= len("race:  vs ") + 2 * TITLE_ROOM
    group, reference = "x" * 20 + "1" + "x" * 20, "x" * 20 + "2" + "x" * 20
    twins = {"attribute": "a", "group": group, "reference": reference}
    assert chart_title(twins) == f"a: {group} vs {reference}"  # cut alike: both whole


def test_the_dashboard_shows_long_and_odd_names_whole_escaped_and_on_one_line(tmp_path):
    data = write_days(tmp_path / "data", range(25), n=24, groups=([LONG, ODD], [0.5, 0.5]))
    doc = run_monitor(request_of(data, protected=(f"race={ODD}",)), tmp_path / "s.sqlite").data
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no layout or glyph warning on the terminal
        png = trend_png(doc, doc["comparisons"][0])
        page = render_html(doc)
    assert png.startswith(b"\x89PNG")
    heading = re.search(r"<h2>(.*?)</h2>", page, re.S)[1]
    assert heading == "race: " + LONG.replace("\n", "\\n") + " vs short\\u202eevil\\u200b" + (
        "&lt;b&gt;x&lt;/b&gt;"
    )  # was: the newline itself, folded into a space by the browser
    assert "<b>x" not in page and "\u202e" not in page
    assert "h2,p,td{overflow-wrap:anywhere}" in page and "pre{white-space:pre-wrap" in page
    # a last window without the group's rows: the line saying so names it on one line too
    doc["comparisons"][0]["history"][-1].update(status="ONE_GROUP", reason="the compared group")
    said = re.search(r"</h2>\s*<p>(.*?)</p>", render_html(doc), re.S)[1]
    assert said.startswith(LONG.replace("\n", "\\n") + " has no rows in window"), said
