"""Round 48 (api battery, class: the result, estimate or config a report sentence reads given
as something else; the siblings of test_round48_result_kinds in report._audit_report).

``report.build_audit_report``, ``withheld_hint`` (a result), ``format_estimate`` and
``below_floor`` (a metric estimate), ``di_rule_sentence``, ``below_harmful_caveat`` (a
config's policy dict) and ``changes_sentence`` (a config, a run, a word) given None, a set,
bytes, a 0-d array, text or a Policy object crashed with the AttributeError or TypeError of
their first read ("'NoneType' object has no attribute 'data'", "'Policy' object is not
subscriptable"). Each refuses it naming the argument and the fix; None is still no estimate."""

from types import SimpleNamespace

import numpy as np
import pytest

from ethiclens import EthicLensInputError, Policy, report

POLICY = Policy().to_dict()
CONFIG = {"policy": POLICY, "positive_is_favorable": True}

# (function, the argument given wrong, the other arguments by name, what the refusal names)
CALLS = [
    (report.build_audit_report, "result", {}, "AuditResult"),
    (report.withheld_hint, "result", {"cli": True}, "AuditResult"),
    (report.format_estimate, "m", {}, "MetricEstimate"),
    (report.below_floor, "m", {}, "MetricEstimate"),
    (report.di_rule_sentence, "policy", {}, "dict"),
    (report.below_harmful_caveat, "policy", {"harmful": True}, "dict"),
    (report.changes_sentence, "config", {}, "dict"),
    (report.changes_sentence, "run", {"config": CONFIG}, "dict"),
    (report.changes_sentence, "what", {"config": CONFIG}, "text"),
]
BAD = [{1, 2}, b"x", bytearray(b"x"), np.array(1.0), 10**5000, Policy()]


@pytest.mark.parametrize("bad", BAD, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("fn, argument, others, words", CALLS)
def test_a_wrong_argument_is_refused_by_name(fn, argument, others, words, bad):
    with pytest.raises(EthicLensInputError) as err:
        fn(**others, **{argument: bad})
    text = str(err.value)
    assert text.startswith(f"argument '{argument}': must be ") and words in text
    assert "Fix: " in text


def test_none_is_still_no_estimate_and_a_stand_in_is_read():
    assert report.format_estimate(None) == "—" and report.below_floor(None) is False
    said = SimpleNamespace(value=0.5, status="INSUFFICIENT_DATA", reason="below the floor")
    assert report.format_estimate(said) == "0.500 — below the floor"
    assert report.di_rule_sentence(POLICY).startswith("Flag rule")
