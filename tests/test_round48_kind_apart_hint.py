"""did_you_mean matched a choice only after str(): check_member('1', (0, 1)) said "did you
mean '1'? use one of 0, 1", suggesting the value given. The two kinds are now said apart."""

import pytest

from ethiclens._checks import check_member, did_you_mean
from ethiclens.errors import EthicLensInputError

CASES = [
    ("1", (0, 1), "did you mean the number 1, not the text '1'? "),
    (1, ("0", "1"), "did you mean the text '1', not the number 1? "),
    ("True", (True, False), "did you mean the boolean True, not the text 'True'? "),
    ("1.5", (1.5, 2.0), "did you mean the number 1.5, not the text '1.5'? "),
    ("true", (True, False), "did you mean the boolean True? "),
]


@pytest.mark.parametrize(("value", "allowed", "hint"), CASES)
def test_a_choice_of_another_kind_is_named_by_its_kind(value, allowed, hint):
    assert did_you_mean(value, allowed) == hint
    with pytest.raises(EthicLensInputError) as info:
        check_member(value, allowed, column="c", problem="bad")
    assert f"Fix: {hint}use one of" in str(info.value)


def test_text_near_misses_are_unchanged():
    assert did_you_mean("COMPAS", ["compas", "adult"]) == "did you mean 'compas'? "
    assert did_you_mean(2, (0, 1)) == ""
