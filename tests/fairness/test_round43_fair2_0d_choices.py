"""Round 43 (fair2): a choice keyword of the engine given a 0-d numpy array of text is refused
in the words a request (AuditSpec.of) uses, whichever choice and function; np.str_ is text."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y = [0, 1, 0, 1, 1, 0, 1, 0]
P = [0, 1, 1, 1, 0, 0, 1, 0]
S = [0.1, 0.9, 0.6, 0.8, 0.3, 0.2, 0.7, 0.4]
G = ["a"] * 4 + ["b"] * 4
WORDS = "must be text, not a 0-d numpy array"


def _calls():
    counts = pd.DataFrame({"g": ["a", "b"], "tp": [1, 2], "fp": [1, 0], "fn": [1, 1], "tn": [1, 1]})
    return {
        "audit": lambda **kw: ethiclens.audit(Y, P, G, **kw),
        "audit_counts": lambda **kw: ethiclens.audit_counts(counts, protected="g", **kw),
        "compare": lambda **kw: ethiclens.compare(Y, P, P, G, **kw),
        "threshold_table": lambda **kw: ethiclens.threshold_table(Y, S, G, **kw),
    }


@pytest.mark.parametrize("function", ["audit", "audit_counts", "compare"])
@pytest.mark.parametrize("key", ["ci", "di_rule", "positive"])
def test_0d_text_choice_refused_in_one_set_of_words(function, key):
    word = {"ci": "jeffreys", "di_rule": "below", "positive": "harmful"}[key]  # each a choice
    with pytest.raises(EthicLensInputError) as info:
        _calls()[function](**{key: np.array(word)})
    message = str(info.value)
    assert f"argument '{key}': {WORDS}" in message
    assert f"pass it as text: {word!r} (value.item())" in message


def test_threshold_view_ci_still_dropped_and_di_rule_refused_alike():
    call = _calls()["threshold_table"]
    with pytest.raises(EthicLensInputError, match="is not used by the threshold view"):
        call(ci=np.array("jeffreys"))
    with pytest.raises(EthicLensInputError, match=f"argument 'di_rule': {WORDS}"):
        call(di_rule=np.array("below"))


def test_np_str_choice_taken_as_text():
    result = ethiclens.audit(
        Y, P, G, ci=np.str_("jeffreys"), di_rule=np.str_("below"), random_state=0, n_boot=100
    )
    assert type(result.config["ci_method"]) is str
    assert result.config["ci_method"] == "jeffreys"
    assert result.config["policy"]["di_rule"] == "below"
