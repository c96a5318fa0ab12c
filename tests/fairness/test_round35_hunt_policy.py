"""Round 35 hunt: Policy(di_threshold=np.float16(0.8)) read 0.7998047 (float16 widened to
float32) while every other setting reads a float16 as the number it prints as
(ethiclens._checks.printed_float): now Policy agrees."""

import numpy as np
import pytest

import ethiclens


@pytest.mark.parametrize("narrow", [np.float16, np.float32])
def test_narrow_float_thresholds_are_the_numbers_they_print_as(narrow):
    policy = ethiclens.Policy(di_threshold=narrow(0.8), eo_threshold=narrow(0.1))
    assert policy == ethiclens.Policy(di_threshold=0.8, eo_threshold=0.1)
    assert type(policy.di_threshold) is float and type(policy.eo_threshold) is float
    assert policy.to_dict()["di_threshold"] == 0.8
