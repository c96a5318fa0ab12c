"""Round 46 review of e1297c7d: the terminal, the HTML summary and the web page say a
confidence sequence is for a constant gap, but the trend chart's text (the --html dashboard's
and the web page's "Chart as text") still said 'DI window estimates from 0.267 (window 1) to
0.933 (window 0); confidence sequence [..]': an interval read beside a changed DI as its
range. It now says 'confidence sequence for a constant DI' (a gap's: 'for a constant gap')."""

from __future__ import annotations

from .test_round43_monrep_trend_text import _store


def test_the_chart_text_says_the_sequence_is_for_a_constant_di(tmp_path):
    from ethiclens.monitor import trend_text

    _, result = _store(tmp_path)
    doc = result.to_dict()
    (c,) = doc["comparisons"]
    words = trend_text(doc, c)
    assert "DI window estimates from 0.267 (window 1) to 0.933 (window 0)" in words, words
    assert "(window 0); confidence sequence for a constant DI empty" in words, words
