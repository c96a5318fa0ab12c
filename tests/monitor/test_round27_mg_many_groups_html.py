"""Round 27: the monitor's HTML dashboard of an attribute with many groups (an ID-like column)
draws at most ``MAX_PLOTS`` trend plots, those that alarm first, and says how many of how many;
each plot took about 0.15 s, so 4,668 groups took over ten minutes. Every comparison's table
is still there."""

import json

from ethiclens.monitor import _render, render_html

from .conftest import run_cli as _cli
from .conftest import write_many_groups


def test_the_dashboard_of_many_groups_draws_a_capped_number_of_plots(tmp_path, capsys, monkeypatch):
    write_many_groups(tmp_path / "a.csv")
    rc, out, err = _cli(
        capsys,
        "monitor",
        tmp_path / "a.csv",
        *("--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "g=A"),
        *("--store", tmp_path / "s.sqlite", "--json", tmp_path / "r.json"),
    )
    assert rc == 0, out + err
    doc = json.loads((tmp_path / "r.json").read_text())
    comparisons = doc["comparisons"]
    assert len(comparisons) == 75
    alarmed = comparisons[-1]  # an alarm on the last comparison: drawn though it is last
    alarmed["tests"]["disparate_impact"].update(
        alarm=True, alarm_since={"window": 0, "start": "2024-01-01T00:00:00Z"}
    )
    # the cap is what is tested, not matplotlib (0.2 s a plot): the first plot is drawn, the
    # others reuse its PNG
    drawn, real = [], _render.trend_png

    def trend_png(doc, comparison):
        drawn.append(drawn[0] if drawn else real(doc, comparison))
        return drawn[-1]

    monkeypatch.setattr(_render, "trend_png", trend_png)
    page = render_html(doc)
    assert page.count("<img ") == 60 == len(drawn)
    assert "Trend plots of 60 of 75 comparisons (those that alarm first" in page
    assert page.count("Trend plot not drawn.") == 15
    title = f"g: {alarmed['group']} vs A trend"
    assert f"<img alt='{title}'" in page
    assert page.count("<table>") == 75  # every comparison's tests still listed
