"""Round 43 (monrep): the monitor's trend plot had no text alternative but its title ('g: B vs
A trend'), in the --html dashboard and on the web's store page: the per-window estimates, the
confidence sequences, the e-values and the alarms it draws were in no words of the --html
page. Now a "Chart as text" below it (as below the audit's charts) says them, rounded as the tables
round them, every user string escaped."""

from __future__ import annotations

import html

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _store(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    rows = "".join(
        f"2024-01-{day + 1:02d}T10:00:00,{grp},{int(i < hits)}\n"
        for day in range(3)
        for grp, hits in (("A", 150), ('<b>"B"</b>', 40 if day else 140))
        for i in range(200)
        if day or grp == "A" or i < 200
    )
    feed = tmp_path / "feed.csv"
    feed.write_text("ts,grp,pred\n" + rows)
    store = tmp_path / "s.sqlite"
    request = MonitorRequest(target=str(feed), time="ts", window="1d", y_pred="pred",
                             protected=("grp=A",))  # fmt: skip
    return store, run_monitor(request, store)


def test_the_dashboard_and_the_store_page_say_the_trend_in_words(tmp_path, monkeypatch):
    from markupsafe import escape
    from starlette.testclient import TestClient

    import ethiclens.monitor
    import ethiclens.monitor._render
    from ethiclens.monitor import e_value_text, render_html, trend_text

    from ..web.conftest import make_app

    store, result = _store(tmp_path)
    doc = result.to_dict()
    (c,) = doc["comparisons"]
    words = trend_text(doc, c)
    test = c["tests"]["disparate_impact"]
    assert words.startswith('Trend plot of grp: <b>"B"</b> vs A over 3 windows (windows 0 to 2)')
    assert "DI window estimates from 0.267 (window 1) to 0.933 (window 0)" in words
    assert f"DI e-value {e_value_text(test['log_e_value'], 20.0)} (alarm at 20)" in words
    assert f"ALARM since window {test['alarm_since']['window']}" in words
    for module in (ethiclens.monitor, ethiclens.monitor._render):  # the words, not the PNG
        monkeypatch.setattr(module, "trend_png", lambda doc, comparison: b"png")
    page = render_html(doc)
    assert f"<summary>Chart as text</summary><p>{html.escape(words)}</p>" in page
    assert "<b>" not in page
    app = make_app(tmp_path, monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        web = client.get("/monitoring/0").text
    assert f"<summary>Chart as text</summary><p>{escape(words)}</p>" in web  # Jinja's escape
    assert "&lt;b&gt;" in web and '<b>"B"</b>' not in web
