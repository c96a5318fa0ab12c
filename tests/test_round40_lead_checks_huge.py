"""Round 40 (lead): check_delta met an int past a float's range with an OverflowError
(SynthSettings(epsilon=1, delta=10**400) crashed), and check_dp_epsilon kept a float32 ε as
0.10000000149011612, a different run from the 0.1 the user wrote."""

import numpy as np
import pytest

from ethiclens._checks import check_delta, check_dp_epsilon
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("value", [10**400, -(10**400)])
def test_huge_delta_refused_by_name(value):
    with pytest.raises(EthicLensInputError, match=r"option '--delta': δ must be in \(0, 0.001\]"):
        check_delta(value)


def test_synth_settings_refuse_huge_delta():
    from ethiclens.p2nia._synth import SynthSettings

    with pytest.raises(EthicLensInputError, match=r"δ must be in \(0, 0.001\]"):
        SynthSettings(epsilon=1, delta=10**400)


@pytest.mark.parametrize("value", [np.float32(0.1), np.float16(0.5), np.float32(3.3)])
def test_float32_dp_epsilon_is_the_number_it_prints_as(value):
    assert check_dp_epsilon(value) == float(str(value))


def test_dp_epsilon_overflow_still_refused():
    with pytest.raises(EthicLensInputError, match="ε is above .*: DP-SGD.s noise is then"):
        check_dp_epsilon(10**400)


def test_dp_epsilon_huge_negative_is_refused_as_not_positive():
    with pytest.raises(EthicLensInputError, match=r"ε must be a finite number > 0"):
        check_dp_epsilon(-(10**400))
