"""group_auc checked its confidence level on its own: isinstance(level, float), so a float32
0.9 (in range) was refused "must be in (0.5, 1) (value: 0.9). Fix: 0.95", where the audit,
the comparison and the threshold view take it (_checks.check_level), and a misspelt keyword
raised Python's bare TypeError with no near miss."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import UnknownKeywordError, group_auc

RNG = np.random.default_rng(3)
GROUPS = RNG.choice(["A", "B"], 300)
Y = (RNG.random(300) < 0.4).astype(int)
SCORES = RNG.random(300)


def test_float32_level_is_taken_as_the_audit_takes_it():
    got = group_auc(Y, SCORES, GROUPS, confidence_level=np.float32(0.9))
    want = group_auc(Y, SCORES, GROUPS, confidence_level=0.9)
    assert np.allclose(got[["auc_ci_low", "auc_ci_high"]], want[["auc_ci_low", "auc_ci_high"]])


@pytest.mark.parametrize("level", [1, 0.5, "0.9", float("nan"), True])
def test_level_refused_in_the_audits_words(level):
    with pytest.raises(EthicLensInputError) as mine:
        group_auc(Y, SCORES, GROUPS, confidence_level=level)
    with pytest.raises(EthicLensInputError) as audit:
        ethiclens.audit(Y, (SCORES > 0.5).astype(int), GROUPS, confidence_level=level)
    assert str(mine.value) == str(audit.value)
    assert "argument 'confidence_level': must be a number strictly between 0.5 and 1" in str(
        mine.value
    )


def test_misspelt_keyword_gets_its_near_miss():
    with pytest.raises(UnknownKeywordError, match="did you mean 'confidence_level'"):
        group_auc(Y, SCORES, GROUPS, confidance_level=0.9)
