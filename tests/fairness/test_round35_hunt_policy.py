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


def test_a_longdouble_threshold_is_a_float_the_json_can_write():
    # was: np.longdouble kept as is (its .item() is a longdouble); to_json raised TypeError
    policy = ethiclens.Policy(di_threshold=np.longdouble("0.8"), eo_threshold=np.longdouble("0.1"))
    assert policy == ethiclens.Policy(di_threshold=0.8, eo_threshold=0.1)
    assert type(policy.di_threshold) is float and type(policy.eo_threshold) is float
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 400), rng.integers(0, 2, 400)
    group = np.where(np.arange(400) < 200, "a", "b")
    result = ethiclens.audit(y, p, sensitive_features=group, n_boot=100, policy=policy)
    assert '"di_threshold": 0.8' in result.to_json()
