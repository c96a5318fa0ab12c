"""Round 48 (api battery leftover, class: a report builder's result given by keyword).

The builders that mask the result's names (report._render.names_alone: terminal_summary,
comparison_summary, threshold_summary, render_model_card[_html], build_comparison_report;
build_audit_report and build_threshold_report alike, not run here: their charts take
seconds) took their result positionally alone: ``threshold_summary(table=t)`` failed
"missing 1 required positional argument: 'result'". Each now takes it by its own keyword
too, with the same answer."""

import numpy as np
import pytest

from ethiclens import audit, compare, report, threshold_table

_Y = np.array([0, 1] * 20)
_PRED = np.array([0, 1, 1, 0] * 10)
_GROUPS = np.array(["a"] * 20 + ["b"] * 20)
_MADE = {}


def _made(kind):
    if not _MADE:
        _MADE["audit"] = audit(_Y, _PRED, _GROUPS, reference="a", n_boot=100)
        _MADE["compare"] = compare(_Y, _PRED, 1 - _PRED, _GROUPS, reference="a", n_boot=100)
        score = np.linspace(0, 1, len(_Y))
        _MADE["thresholds"] = threshold_table(
            _Y, score, _GROUPS, reference="a", n_boot=100, step=0.5
        )
    return _MADE[kind]


CALLS = [
    (report.terminal_summary, "result", "audit"),
    (report.render_model_card, "result", "audit"),
    (report.render_model_card_html, "result", "audit"),
    (report.comparison_summary, "result", "compare"),
    (report.build_comparison_report, "comp", "compare"),
    (report.threshold_summary, "table", "thresholds"),
]


def _plain(value):  # a summary's lines (terminal_summary's table aside), the card's text
    if isinstance(value, list):
        return [p for p in value if isinstance(p, str)]
    return value if isinstance(value, str) else (value.title, [s.title for s in value.sections])


@pytest.mark.parametrize("fn, keyword, kind", CALLS, ids=lambda v: getattr(v, "__name__", None))
def test_the_result_by_keyword_is_read_as_by_position(fn, keyword, kind):
    made = _made(kind)
    assert _plain(fn(**{keyword: made})) == _plain(fn(made))
