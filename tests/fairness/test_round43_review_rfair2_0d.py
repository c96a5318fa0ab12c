"""Round 43 review (rfair2) of f22b6b6e: a 0-d numpy text array given to an engine's choice
keyword is told "pass it as text" only where its text is one of that keyword's choices, as
AuditSpec.of tells it; a 0-d typo or another list's word keeps its choice's own words (with
the near miss), never a fix that would be refused again."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y = [0, 1, 0, 1, 1, 0, 1, 0]
P = [0, 1, 1, 1, 0, 0, 1, 0]
G = ["a"] * 4 + ["b"] * 4
ZERO_D = "not a 0-d numpy array"


def _calls():
    counts = pd.DataFrame({"g": ["a", "b"], "tp": [1, 2], "fp": [1, 0], "fn": [1, 1], "tn": [1, 1]})
    return {
        "audit": lambda **kw: ethiclens.audit(Y, P, G, **kw),
        "audit_counts": lambda **kw: ethiclens.audit_counts(counts, protected="g", **kw),
        "compare": lambda **kw: ethiclens.compare(Y, P, P, G, **kw),
    }


@pytest.mark.parametrize("function", ["audit", "audit_counts", "compare"])
@pytest.mark.parametrize(
    ("key", "word", "words"),
    [
        ("ci", "jefreys", "did you mean 'jeffreys'? use one of jeffreys"),
        ("ci", "below", "use one of jeffreys"),
        ("di_rule", "jeffreys", "must be one of two_sided, below"),
        ("positive", "below", "must be one of favorable, harmful"),
    ],
)
def test_0d_word_not_a_choice_keeps_its_choice_words(function, key, word, words):
    with pytest.raises(EthicLensInputError) as info:
        _calls()[function](**{key: np.array(word)})
    message = str(info.value)
    assert words in message
    assert ZERO_D not in message and "pass it as text" not in message


def test_compare_0d_audit_only_method_is_no_method_of_a_comparison():
    with pytest.raises(EthicLensInputError) as info:
        _calls()["compare"](ci=np.array("bca"))
    assert "is not an interval method of a comparison" in str(info.value)
    assert ZERO_D not in str(info.value)
