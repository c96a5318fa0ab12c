"""The methodology's scalar functions given a whole number past a double's range (round 50,
sibling of round 49's seed scalars): calculate_disparate_impact(10**400, 0.4) raised Python's
OverflowError ('int too large to convert to float') and compute_composite_bias_score(10**400,
0.1, 0.1) numpy's "ufunc 'isfinite' not supported" TypeError. Each is now one refusal naming
the argument; numbers a double holds answer as before."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import calculate_disparate_impact, compute_composite_bias_score

HUGE = 10**400


@pytest.mark.parametrize(
    ("args", "name"),
    [
        ((HUGE, 0.4), "privileged_rate"),
        ((0.5, HUGE), "unprivileged_rate"),
        ((0.5, -HUGE), "unprivileged_rate"),
    ],
)
def test_disparate_impact_refuses_a_rate_past_a_double(args, name):
    with pytest.raises(EthicLensInputError, match=rf"^argument '{name}': must be a selection rate"):
        calculate_disparate_impact(*args)


@pytest.mark.parametrize(
    ("args", "name"),
    [((HUGE, 0.1, 0.1), "di"), ((0.9, -HUGE, 0.1), "spd"), ((0.9, 0.1, HUGE), "eo")],
)
def test_composite_refuses_a_value_past_a_double(args, name):
    with pytest.raises(
        EthicLensInputError, match=rf"^argument '{name}': must be a number a double"
    ):
        compute_composite_bias_score(*args)


def test_numbers_a_double_holds_answer_as_before():
    assert calculate_disparate_impact(0.5, 0.4) == 0.8
    assert calculate_disparate_impact(1, 0) == 0.0
    assert compute_composite_bias_score(0.6, -0.25, 0.15) == 0.715
    assert compute_composite_bias_score(2, 0.1, 0.1) == 0.74
