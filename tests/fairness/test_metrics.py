import math

import numpy as np
import pytest

from ethiclens.fairness import (
    calculate_disparate_impact,
    composite_band,
    compute_composite_bias_score,
)
from ethiclens.fairness._metrics import disparate_impact, equalized_odds_difference


def test_composite_worked_example():
    assert compute_composite_bias_score(0.6, -0.25, 0.15) == 0.7150


@pytest.mark.parametrize(
    "di,spd,eo,expected",
    [
        (1.0, 0.0, 0.0, 1.0),
        (2.0, 0.0, 0.0, 0.8),  # DI above 1 is symmetric: min(DI, 1/DI)
        (0.0, -1.0, 1.0, 0.0),
        (0.5, 2.0, -3.0, 0.2),  # |SPD| and |EO| capped at 1
    ],
)
def test_composite_components(di, spd, eo, expected):
    assert compute_composite_bias_score(di, spd, eo) == pytest.approx(expected)


@pytest.mark.parametrize("bad", [None, float("nan"), float("inf")])
def test_composite_never_treats_missing_as_zero(bad):
    with pytest.raises(ValueError, match="EO"):
        compute_composite_bias_score(0.9, 0.0, bad)


def test_bands():
    assert composite_band(0.5999) == "High Risk"
    assert composite_band(0.60) == "Medium Risk"
    assert composite_band(0.7999) == "Medium Risk"
    assert composite_band(0.80) == "Low Risk"


def test_calculate_disparate_impact():
    assert calculate_disparate_impact(0.5, 0.25) == 0.5
    with pytest.raises(ValueError, match="undefined"):
        calculate_disparate_impact(0.0, 0.3)


def test_vectorised_metrics_return_nan_not_zero_or_inf():
    g = np.array([5, 5, 5, 5])
    r = np.array([0, 0, 5, 5])  # reference: no predicted positives
    assert math.isnan(disparate_impact(g, r, True))
    no_pos = np.array([0, 3, 0, 7])  # no positive labels: TPR undefined
    assert math.isnan(equalized_odds_difference(no_pos, g))
