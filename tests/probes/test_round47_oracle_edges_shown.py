"""Round 47: the injection oracle's refusals printed their numbers with ':g', which said what
is false at the edge of a range: shares (0.5, 0.5000001) 'sum to 1, not 1'; a DI of 1.66667
at a reference rate of 0.6 'gives a selection rate of 1, outside [0, 1]', and the fix 'choose
a DI from 0 to 1.66667' named a DI itself refused (1/0.6 rounded up). The numbers now read on
their side of the edge (1.0000001, 1.000002) and the bound below it (1.6666…); those :g
already printed right are unchanged (1.4, 2)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias


def _refusal(**kwargs) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        inject_bias(1000, random_state=0, **kwargs)
    return str(caught.value)


@pytest.mark.parametrize(
    "shares,said", [((0.5, 0.5000001), "1.0000001"), ((0.7, 0.2999999), "0.9999999")]
)
def test_shares_off_by_a_little_are_shown_off(shares, said):
    said_now = _refusal(disparate_impact=1.0, group_sizes=shares)
    assert f"the shares sum to {said}, not 1" in said_now, said_now


def test_the_bound_of_a_di_is_one_that_is_taken():
    said = _refusal(disparate_impact=1.66667, reference_rate=0.6)
    assert "a selection rate of 1.000002, outside [0, 1]" in said, said
    assert "choose a DI from 0 to 1.6666… (the reference selection rate is 0.6)" in said, said
    inject_bias(1000, disparate_impact=1.6666, reference_rate=0.6, random_state=0)  # taken
