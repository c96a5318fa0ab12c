"""An e-value just below the alarm level was printed as the level itself ('e-value 20 against
...: no alarm' beside 'alarm when an e-value reaches 1/alpha = 20'); one just above 1/0.03 as
'33.3' (below the level it reached). Now the shown e-value stays on its side of the level."""

import math

from ethiclens.monitor import e_value_text


def test_an_e_value_below_the_level_never_prints_as_the_level():
    assert e_value_text(math.log(19.96), threshold=20.0) == "19.96"
    assert e_value_text(math.log(19.9999), threshold=20.0) == "19.9999"
    assert e_value_text(math.log(9.9996e9), threshold=1e10) == "9.9996e+09"
    assert float(e_value_text(math.nextafter(math.log(20.0), 0), threshold=20.0)) < 20.0


def test_an_e_value_that_reached_the_level_never_prints_below_it():
    level = 1 / 0.03
    assert float(e_value_text(math.log(33.3334), threshold=level)) >= level
    assert e_value_text(math.log(20.0), threshold=20.0) == "20"
    assert e_value_text(math.log(20.0001), threshold=20.0) == "20"


def test_far_from_the_level_and_without_one_as_before():
    assert e_value_text(math.log(3.2), threshold=20.0) == e_value_text(math.log(3.2)) == "3.2"
    assert e_value_text(math.log(19.96)) == "20"  # no level given: three digits, as ever
    assert e_value_text(None, threshold=20.0) == "—"
    assert e_value_text(-math.inf, threshold=20.0) == "0"
    assert e_value_text(5744.838973918297, threshold=20.0) == "8.95e+2494"


def test_the_summary_and_the_page_show_it_on_its_side(monkeypatch):
    from ethiclens.monitor import _render
    from ethiclens.monitor._render import render_html, summary_lines

    monkeypatch.setattr(_render, "_trend_img", lambda *a: "")  # the table is tested, not the plot

    log_e = math.log(19.97)
    test = {"null": "DI inside [0.80, 1.25]", "e_value": 19.97, "log_e_value": log_e,
            "threshold": 20.0, "alarm": False, "alarm_since": None}  # fmt: skip
    doc = {
        "store": "s.sqlite", "windows": [], "run": {},
        "request": {"di_threshold": 0.8, "eo_threshold": 0.1},
        "method": {"alpha": 0.05, "tests": "t", "sequences": "s", "window_intervals": "w"},
        "comparisons": [{"attribute": "g", "group": "b", "reference": "a", "tests":
                         {"disparate_impact": test}, "sequences": {}, "history": [],
                         "latest": None}],
    }  # fmt: skip
    line = next(x for x in summary_lines(doc) if "e-value" in x)
    assert "e-value 19.97 against" in line and "no alarm" in line
    assert "<td>19.97</td>" in render_html(doc)
