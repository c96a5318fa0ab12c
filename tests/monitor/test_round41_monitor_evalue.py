"""e_value_text (public, every face's e-value) of an undefined or zero e-value: a NaN log was a
ValueError ('cannot convert float NaN to integer') and -inf an OverflowError; now '—' (undefined
is never a number) and '0'."""

import math

import numpy as np
import pytest

from ethiclens.monitor import e_value_text


@pytest.mark.parametrize("log_e", [float("nan"), np.float64("nan"), np.float32("nan"), None])
def test_an_undefined_log_e_value_is_shown_as_undefined(log_e):
    assert e_value_text(log_e) == "—"


def test_a_log_of_minus_infinity_is_the_e_value_zero():
    assert e_value_text(-math.inf) == "0"
    assert e_value_text(np.float64(-np.inf)) == "0"


def test_defined_log_e_values_keep_their_text():
    assert e_value_text(0.0) == "1"
    assert e_value_text(math.log(3.2)) == "3.2"
    assert e_value_text(-800) == "3.67e-348"
    assert e_value_text(math.inf) == "inf"
