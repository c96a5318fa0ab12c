"""Round 20 (Q): "choose another reference" is advised only when a comparison is UNDEFINED
because of its reference group, not when the comparison group's own rate is 0/0 (a group with
no negative labels), where another reference would not help."""

import numpy as np
import pytest

import ethiclens
from ethiclens.report import withheld_hint
from ethiclens.report._verdict import withheld_causes, withheld_in_words


def _audit(all_positive: str):
    """g: R (reference), A, B with 400 rows each; group ``all_positive`` has only label 1, so
    its FPR is 0/0 and every EO against or of it is UNDEFINED."""
    rng = np.random.default_rng(5)
    g = np.repeat(["R", "A", "B"], 400)
    y = rng.integers(0, 2, g.size)
    y[g == all_positive] = 1
    p = rng.integers(0, 2, g.size)
    return ethiclens.audit(y, p, {"g": g}, reference={"g": "R"}, n_boot=100, random_state=0)


def test_a_reference_without_negatives_gets_the_reference_hint():
    result = _audit("R")
    causes = withheld_causes(result)
    assert sorted(c.key for c in causes["undefined"]) == ["g:A", "g:B"]
    assert "choose another reference" in withheld_hint(result, cli=True)
    assert "a rate of the reference group is undefined" in withheld_in_words(result)


def test_a_group_without_negatives_does_not_get_the_reference_hint():
    result = _audit("A")
    assert result.composite.withheld
    causes = withheld_causes(result)
    assert "undefined" not in causes
    assert [c.key for c in causes["group_undefined"]] == ["g:A"]
    assert "choose another reference" not in (withheld_hint(result, cli=True) or "")
    words = withheld_in_words(result)
    assert "a group's own rate is undefined" in words and "another reference" not in words


@pytest.mark.parametrize("who", ["R", "A"])
def test_the_eo_is_undefined_in_both_cases(who):
    result = _audit(who)
    assert {c.metrics["equalized_odds_difference"].status for c in result.comparisons} >= {
        "UNDEFINED"
    }
