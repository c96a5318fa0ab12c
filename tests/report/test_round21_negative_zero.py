"""Round 21: a value that rounds to zero at the shown precision prints without a minus sign
(``0.000``, never ``-0.000``) on every face: terminal, HTML and Markdown reports, the compare
report, the monitor's text and dashboard, the web pages, the gate's words, the P2NIA estimate
page and the privacy summary. The JSON keeps the raw numbers."""

from __future__ import annotations

import pytest

from ethiclens.fairness import MetricEstimate

TINY = -0.0002  # a monitor FPR gap that printed -0.000


def _est(value=TINY, low=-0.0004, high=0.0001, status="REPORTED"):
    return MetricEstimate(value, low, high, "jeffreys", status, None)


def test_the_report_helpers():
    from ethiclens.report._audit_report import fmt, fmt_estimate, fmt_interval

    assert fmt(TINY) == "0.000"
    assert fmt(-0.0) == "0.000"
    assert fmt(-0.00004, 4) == "0.0000"
    assert fmt(-0.0006) == "-0.001"  # a value that does not round to 0 keeps its sign
    assert fmt_estimate(_est()) == "0.000 [0.000, 0.000]"
    assert fmt_interval(_est()) == "[0.000, 0.000]"


def test_the_library_display_helpers():
    from ethiclens.fairness._display import fmt, value_ci

    assert fmt(TINY) == "0.000"
    assert fmt(float("-inf")) == "-inf"
    assert value_ci(_est()) == "0.000 [0.000, 0.000]"


def test_the_compare_report_cell():
    from ethiclens.report._compare_report import difference_text

    assert difference_text(_est()) == "0.000 [0.000, 0.000]"


def test_the_monitor_text_and_dashboard():
    from ethiclens.monitor._render import _interval
    from ethiclens.monitor._report import sequence_text

    d = {"value": TINY, "ci_low": -0.0003, "ci_high": 0.2, "reason": None}
    assert _interval(d) == "0.000 [0.000, 0.200]"
    history = [{"sequences": {"fpr_gap": {"low": -0.0001, "high": 0.3}}}]
    assert sequence_text(history, "fpr_gap") == "[0.000, 0.300]"


def test_the_web_filters_and_history_cells():
    pytest.importorskip("jinja2")
    from ethiclens.web._routes_history import _interval
    from ethiclens.web._web import templates

    env = templates()
    assert env.filters["num"](TINY) == "0.000"
    assert env.filters["pct"](-0.00001) == "0.0%"
    assert _interval({"value": TINY, "ci_low": -0.0001, "ci_high": 0.01}) == (
        "0.000 [0.000, 0.010]"
    )


def test_the_estimate_page_and_privacy_cells():
    from ethiclens.privacy._summary import _fmt
    from ethiclens.report._estimate_report import estimate_html

    page = estimate_html(
        "t", "b", {"spd": {"value": -0.00001, "ci_low": -0.00002, "ci_high": 0.1,
                           "status": "REPORTED", "reason": None}}, "m"
    )  # fmt: skip
    assert "-0.0000" not in page and "0.0000" in page
    assert _fmt(-0.00001) == "0.0000"


def test_a_compare_report_of_a_tiny_negative_difference(tmp_path):
    import numpy as np

    from ethiclens.fairness import compare

    rng = np.random.default_rng(0)
    n = 800
    y, a, g = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b"], n)
    b = a.copy()
    b[:3] = 1 - b[:3]
    result = compare(y, a, b, g, n_boot=200, random_state=0)
    for d in result.differences + result.group_differences:
        d.difference = _est()  # a difference that rounds to zero
    html = result.to_html(tmp_path / "c.html").read_text(encoding="utf-8")
    assert "-0.000" not in html
    assert "-0.000" not in repr(result)


def test_the_terminal_compare_summary():
    import numpy as np

    from ethiclens.fairness import compare
    from ethiclens.report._terminal import comparison_summary

    rng = np.random.default_rng(1)
    n = 800
    y, a, g = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b"], n)
    b = a.copy()
    b[:5] = 1 - b[:5]
    result = compare(y, a, b, g, n_boot=200, random_state=0)
    for d in result.differences:
        d.difference = _est()
    text = "\n".join(map(str, comparison_summary(result)))
    assert "0.000 [0.000, 0.000]" in text
    assert "-0.000" not in text
