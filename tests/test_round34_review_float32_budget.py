"""Round 34 review: check_epsilon / check_delta read a numpy float32 as the number it prints as,
as check_level does (2a80e66b did so for make_request only: grr, the synthesizers and the
sweeps call the checks directly)."""

import numpy as np

from ethiclens._checks import check_delta, check_epsilon, check_level


def test_float32_epsilon_is_the_number_it_prints_as():
    assert check_epsilon(np.float32(5.1), "epsilon") == 5.1
    assert check_epsilon(np.float32(0.1)) == 0.1
    assert check_level(np.float32(0.9)) == 0.9  # the rule they follow


def test_float32_delta_is_the_number_it_prints_as():
    assert check_delta(np.float32(1e-6), "delta") == 1e-6
    assert check_delta(np.float32(1e-6), "delta", n=1000) == 1e-6


def test_other_numbers_unchanged():
    assert check_epsilon(np.float64(0.1)) == 0.1
    assert check_epsilon(3) == 3.0 and isinstance(check_epsilon(3), float)
    assert check_delta(None) is None
    assert check_delta(1e-6) == 1e-6
