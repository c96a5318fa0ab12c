"""Round 50 (review of 504cd140/ccf1a78d): one ε or δ typed with blanks around a number that
underflows (--epsilon ' 1e-400') was refused 'ε must be a number ... Fix: e.g. --epsilon 1.0',
never saying why, where the same text as a list's item (--epsilons ' 1e-400', stripped when
split) says it underflows. It now says so on one number too (not 'give 1e-400': that would
be refused in turn), shown as typed."""

import pytest

from ethiclens._checks import check_dp_epsilon, check_epsilon, split_epsilons
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia._folder import _typed_number

UNDER = "= 1e-400 underflows to 0: "


def _said(call) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as info:
        call()
    return info.value


@pytest.mark.parametrize(
    "call,symbol",
    [
        (lambda t: check_epsilon(t, "--epsilon", text=True), "ε"),
        (lambda t: check_dp_epsilon(t, "--epsilon"), "ε"),
        (lambda t: _typed_number(t, "--delta", "δ", "e.g. --delta 1e-6"), "δ"),
    ],
)
@pytest.mark.parametrize("typed", [" 1e-400", "1e-400 ", " -1e-400"])
def test_a_blank_padded_underflow_says_it_underflows(call, symbol, typed):
    exc = _said(lambda: call(typed))
    assert f"{symbol} {UNDER.replace('1e-400', typed.strip())}" in str(exc), exc
    assert "is below the smallest positive number a double holds" in str(exc), exc
    assert exc.value == typed and "give" not in exc.fix and "blanks" not in str(exc)


def test_as_a_lists_item_says_it():
    listed = _said(lambda: split_epsilons(" 1e-400", "--epsilons"))
    one = _said(lambda: check_epsilon(" 1e-400", "--epsilons", text=True))
    assert listed.problem == one.problem
