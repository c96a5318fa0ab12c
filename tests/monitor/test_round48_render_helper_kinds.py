"""API battery (the monitor's exported renderers): absent_text, untested_text,
baseline_pending_text, request_lines, trend_png, trend_text, plotted_comparisons and
has_baseline_tests given None, a set, bytes or 10**5000 crashed with Python's
AttributeError/TypeError; each refuses naming the argument."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import (
    absent_text,
    baseline_pending_text,
    has_baseline_tests,
    plotted_comparisons,
    request_lines,
    trend_png,
    trend_text,
    untested_text,
)

BAD = [None, {1, 2}, b"x", 10**5000]
CALLS = [
    (lambda v: absent_text(v), "comparison"),
    (lambda v: untested_text(v), "comparison"),
    (lambda v: baseline_pending_text(v), "doc"),
    (lambda v: request_lines(v), "request"),
    (lambda v: request_lines({}, v if v is not None else "x"), "run"),
    (lambda v: trend_png(v, {}), "doc"),
    (lambda v: trend_png({}, v), "comparison"),
    (lambda v: trend_text(v, {}), "doc"),
    (lambda v: trend_text({}, v), "comparison"),
    (lambda v: plotted_comparisons(v), "comparisons"),
    (lambda v: plotted_comparisons([{}, v]), r"comparisons\[1\]"),
    (lambda v: has_baseline_tests(v), "comparisons"),
]


@pytest.mark.parametrize("value", BAD, ids=["none", "set", "bytes", "big"])
@pytest.mark.parametrize("call, name", CALLS)
def test_a_wrong_kind_is_refused_naming_the_argument(call, name, value):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'"):
        call(value)


def test_right_kinds_answer_as_before():
    assert absent_text({}) is None and untested_text({}) is None
    assert baseline_pending_text({}) is None
    assert isinstance(request_lines({}, None), list)
    assert plotted_comparisons([]) == set() and has_baseline_tests([]) is False
