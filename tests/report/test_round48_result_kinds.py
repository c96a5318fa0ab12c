"""Round 48 (api battery, class: the result a report sentence reads given as something else).

``ethiclens.report``'s exported sentences and summaries (verdict_sentence, plain_reason,
largest_disparity, largest_disparity_note, terminal_summary, comparison_summary,
threshold_summary) given None, a set, bytes, a dict, a 0-d array or text crashed with the
AttributeError of their first read ("'NoneType' object has no attribute 'comparisons'"). Each
now refuses it naming the argument, what to pass and the fix; a stand-in holding what the
sentence reads is still read (a test's SimpleNamespace)."""

from types import SimpleNamespace

import numpy as np
import pytest

from ethiclens import EthicLensInputError, report

_COMPARISON = SimpleNamespace(status="PASS", metrics={}, flag_reason=None)
_RESULT = SimpleNamespace(comparisons=[_COMPARISON], config={"positive_is_favorable": True})

# (function, the argument given wrong, the other arguments by name, what the refusal names)
CALLS = [
    (report.verdict_sentence, "result", {}, "AuditResult"),
    (report.largest_disparity, "result", {}, "AuditResult"),
    (report.terminal_summary, "result", {}, "AuditResult"),
    (report.comparison_summary, "result", {}, "ModelComparison"),
    (report.threshold_summary, "table", {}, "ThresholdTable"),
    (report.plain_reason, "c", {}, "Comparison"),
    (report.largest_disparity_note, "result", {"c": _COMPARISON, "unjudged": 0}, "AuditResult"),
    (report.largest_disparity_note, "c", {"result": _RESULT, "unjudged": 0}, "Comparison"),
    (report.largest_disparity_note, "unjudged", {"result": _RESULT, "c": _COMPARISON}, "whole"),
]
BAD = [None, {1, 2}, b"x", bytearray(b"x"), {"a": 1}, np.array(1.0), " ", 10**5000]


@pytest.mark.parametrize("bad", BAD, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize(
    "fn, argument, others, words", CALLS, ids=lambda v: getattr(v, "__name__", None)
)
def test_a_wrong_argument_is_refused_by_name(fn, argument, others, words, bad):
    with pytest.raises(EthicLensInputError) as err:
        fn(**others, **{argument: bad})
    text = str(err.value)
    assert text.startswith(f"argument '{argument}': must be ") and words in text
    assert "Fix: " in text


def test_a_stand_in_holding_what_is_read_is_still_read():
    assert report.verdict_sentence(_RESULT).startswith("Of 1 comparison, 1 passes")
    assert report.plain_reason(_COMPARISON) == "pass"
