"""The methodology's scalar functions on input no comparison gives: composite_band(nan)
raised AssertionError('unreachable'), composite_band(None / '0.7') a bare TypeError and
composite_band(1.5) said 'Low Risk'; compute_composite_bias_score('0.6', ...) raised numpy's
"ufunc 'isfinite' not supported" TypeError; calculate_disparate_impact(1e-320, 0.4) (a
subnormal reference rate) returned inf, where an undefined or unrepresentable ratio is never
inf. Each is now one refusal naming the argument."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import (
    calculate_disparate_impact,
    composite_band,
    compute_composite_bias_score,
)


@pytest.mark.parametrize("score", [float("nan"), None, "0.7", 1.5, -0.1, True, np.array([0.7])])
def test_composite_band_refuses_what_is_no_score(score):
    with pytest.raises(EthicLensInputError, match="argument 'score': must be a Composite Bias"):
        composite_band(score)


def test_composite_band_of_the_scores_ends():
    assert [composite_band(s) for s in (0.0, np.float32(0.7), 1)] == [
        "High Risk",
        "Medium Risk",
        "Low Risk",
    ]


@pytest.mark.parametrize(("args", "name"), [(("0.6", 0, 0.1), "di"), ((0.6, [0.1], 0.1), "spd")])
def test_composite_refuses_a_value_that_is_no_number(args, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}': must be a number"):
        compute_composite_bias_score(*args)


def test_disparate_impact_over_a_subnormal_rate_is_never_inf():
    with pytest.raises(ValueError, match="too large to represent"):
        calculate_disparate_impact(1e-320, 0.4)
    assert calculate_disparate_impact(1e-300, 1e-300) == 1.0
