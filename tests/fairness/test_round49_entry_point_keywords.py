"""ethiclens.fairness's own entry points raised Python's bare TypeError for a misspelt keyword
(gate(report, failon=...), bin_attribute(..., colum=...), bin_counts(t, bns=...), the metric
registry, the methodology's scalar functions), where AuditResult.gate(failon=...) and audit()
name the near miss (9bbfe517). Each is now one UnknownKeywordError, still a TypeError."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import UnknownKeywordError

F = ethiclens.fairness
CALLS = [
    (lambda: F.gate({}, failon="flagged"), "fail_on"),
    (lambda: F.bin_attribute([1, 7], [0, 5, 10], colum="age"), "column"),
    (lambda: F.bin_counts(None, bns={}), "bins"),
    (lambda: F.register_group_metric(None, replce=True), "replace"),
    (lambda: F.register_comparison_metric(None, replce=True), "replace"),
    (lambda: F.unregister_metric(nme="x"), "name"),
    (lambda: F.calculate_disparate_impact(0.5, unprivileged=0.4), "unprivileged_rate"),
    (lambda: F.compute_composite_bias_score(0.6, 0.1, spdd=-0.2), "spd"),
    (lambda: F.composite_band(scor=0.5), "score"),
]


@pytest.mark.parametrize(("call", "meant"), CALLS)
def test_misspelt_keyword_gets_its_near_miss(call, meant):
    with pytest.raises(UnknownKeywordError, match=f"did you mean '{meant}'"):
        call()


def test_the_right_keywords_still_work():
    assert F.bin_attribute([1, 7], [0, 5, 10], column="age").tolist() == ["[0, 5)", "[5, 10]"]
    assert F.calculate_disparate_impact(privileged_rate=0.5, unprivileged_rate=0.4) == 0.8
    assert F.composite_band(score=0.7) == "Medium Risk"
    result = ethiclens.audit(
        np.array([0, 1] * 150), np.array([1, 0] * 150), np.array(["A", "B"] * 150), n_boot=100
    )
    assert F.gate(result.to_dict(), fail_on="never").failures == ()
