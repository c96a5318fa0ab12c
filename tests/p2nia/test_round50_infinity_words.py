"""Round 50 (review of 5d49a611): _checks.past_float_range took 'Infinity' (any case, a sign)
for a number written past a float's range (it knew inf by its last 3 letters only), so
'p2nia request --epsilon Infinity' was refused 'ε is above 10000 ... Fix: give ε <= 10000' and
'--delta Infinity' 'δ must be below 1/n′', where 'inf' says 'must be a finite number'. A text
with no digit writes no number past the range: infinity keeps the finite words."""

import pytest

from ethiclens._checks import check_delta, check_epsilon, past_float_range
from ethiclens.errors import _number_as_typed


@pytest.mark.parametrize("text", ["Infinity", "+INFINITY", "infinity", "+inf", "Inf"])
def test_infinity_typed_is_not_past_the_range(text):
    assert not past_float_range(_number_as_typed(text))
    with pytest.raises(Exception, match="ε must be a finite number > 0"):
        check_epsilon(text, "--epsilon", text=True)
    with pytest.raises(Exception, match=r"δ must be a finite number \(or absent\)"):
        check_delta(_number_as_typed(text), "--delta", n=100)


def test_a_number_past_the_range_still_is():
    assert past_float_range(_number_as_typed("1e400"))
    assert past_float_range(_number_as_typed("-1E+400"))
