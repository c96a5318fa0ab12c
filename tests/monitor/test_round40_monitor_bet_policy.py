"""``ethiclens.monitor.BetPolicy`` / ``Evidence`` (public) took any setting without a word: a DI
band t of 1.5 (the band [1.5, 0.67] turned inside out), t = 0 (1/t a ZeroDivisionError
later), a negative or NaN gap, α = 0 or NaN, a memory of 0. Each is now one EthicLensInputError
naming the setting; the arrays a baseline test passes (t down to 1e-9, a gap band of 1: the
whole range) are still taken."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import BetPolicy, Evidence


@pytest.mark.parametrize(
    "setting",
    [
        {"di_threshold": 1.5},
        {"di_threshold": 0},
        {"di_threshold": np.array([0.8, np.nan])},
        {"eo_threshold": -0.1},
        {"eo_threshold": float("nan")},
        {"tpr_eps": np.array([0.1, 1.5])},
        {"alpha": 0},
        {"alpha": float("nan")},
        {"alpha": True},
        {"memory": 0},
        {"first_mix": "no"},
    ],
)
def test_a_setting_out_of_range_is_refused_naming_it(setting):
    (name,) = setting
    for make in (BetPolicy, Evidence):
        with pytest.raises(EthicLensInputError) as refused:
            make(**setting)
        assert refused.value.column == name


def test_the_settings_a_baseline_test_gives_are_taken():
    policy = BetPolicy(
        di_threshold=np.array([1e-9, 0.5, 1.0]),
        tpr_eps=np.array([0.0, 0.2, 1.0]),
        fpr_eps=np.array([1.0, 0.0, 0.3]),
        alpha=0.025,
        memory=None,
    )
    assert policy.alpha == 0.025
    assert Evidence(eo_threshold=0.0, di_threshold=1.0).alpha == 0.05
