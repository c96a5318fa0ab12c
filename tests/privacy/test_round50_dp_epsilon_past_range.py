"""Round 50 (sibling of 5d49a611 on DP-SGD's ε): 'pcer train adult --epsilon 1e400' (a 400-digit
ε, a grid's 1e400, a trainer's 10**400) was refused 'ε overflows to infinity; write 'none' ...',
the wrong reason: the number is finite as written, only past what a double holds. As P2NIA's ε
(_checks.past_float_range), it is refused by its range: a grid's 'ε is above 10000', one
model's (no limit) 'ε is above the largest number a double holds', shown as written; an inf
given as a float keeps its words."""

import math

import pytest

from ethiclens._checks import check_dp_epsilon
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._pcer_commands import TrainRequest, _check_train_request

NEGLIGIBLE = ": DP-SGD's noise is then negligible"


@pytest.mark.parametrize("typed", ["1e400", "1" * 400])
def test_pcer_trains_request_refuses_it_by_its_range(typed):
    # what 'pcer train adult --epsilon 1e400' checks (its CLI's cold import alone takes seconds)
    with pytest.raises(EthicLensInputError) as info:
        _check_train_request(TrainRequest(dataset="adult", epsilon=typed))
    said = str(info.value)
    assert f"ε is above the largest number a double holds{NEGLIGIBLE}" in said, said
    assert "overflows" not in said and "or 'none' for a run without DP" in info.value.fix


@pytest.mark.parametrize(
    "limit,above", [(None, "the largest number a double holds"), (1e4, "10000")]
)
@pytest.mark.parametrize("value", ["1e400", "-1e400", 10**400, math.inf])
def test_the_check_says_its_range(limit, above, value):
    with pytest.raises(EthicLensInputError) as info:
        check_dp_epsilon(value, "epsilon", limit=limit)
    said = str(info.value)
    if value == math.inf:
        assert "overflows to infinity" in said, said  # an inf as given: not written past
    elif str(value).startswith("-"):
        assert "ε must be a finite number > 0" in said, said
    else:
        assert f"ε is above {above}{NEGLIGIBLE}" in said, said
