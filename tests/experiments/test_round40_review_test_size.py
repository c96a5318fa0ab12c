"""Round 40 review of 66f32f8d (test_size checks): a NumPy float32 test_size in range is the
number it prints as (sklearn refused it, and the refusal was then blamed on too few rows), and
an infinite or NaN optimizer number is still shown as the float it is, not as quoted text."""

import math

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._pcer_data import prepare
from ethiclens.privacy import check_train_number


def test_a_float32_test_size_splits_as_its_decimal():
    got = prepare("compas", 0, test_size=np.float32(0.3), max_rows=40)
    want = prepare("compas", 0, test_size=0.3, max_rows=40)
    assert (len(got.X_train), len(got.X_test)) == (len(want.X_train), len(want.X_test)) == (28, 12)


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_non_finite_number_is_shown_unquoted(value):
    with pytest.raises(EthicLensInputError) as info:
        check_train_number("lr", value)
    assert f"(value: {value})" in str(info.value), str(info.value)
