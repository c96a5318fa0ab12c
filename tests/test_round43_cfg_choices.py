"""Round 43 (cfg): a choice given a numpy array or a list: one refusal, never a TypeError
(unhashable) and never the array kept as the choice; np.str_ is taken as its text."""

import numpy as np
import pytest

from ethiclens._checks import check_member
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import check_fail_on


def test_a_0d_array_for_fail_on_is_refused_in_words():
    with pytest.raises(EthicLensInputError) as info:
        check_fail_on(np.array("flagged"))
    said = str(info.value)
    assert said.startswith("argument 'fail_on': unknown gate level")
    assert "pass it as text: 'flagged' (value.item())" in said


def test_np_str_is_taken_as_its_text():
    level = check_fail_on(np.str_("inconclusive"))
    assert level == "inconclusive" and type(level) is str


@pytest.mark.parametrize("value", [np.array("a"), np.array(["a"]), ["a"], {"a": 1}])
@pytest.mark.parametrize("allowed", [("a", "b"), {"a", "b"}, {"a": 1, "b": 2}])
def test_no_array_or_list_is_a_choice(value, allowed):
    with pytest.raises(EthicLensInputError) as info:
        check_member(value, allowed, column="x", problem="is not a choice", kind="argument")
    assert str(info.value).startswith("argument 'x': is not a choice")
