"""API battery (monitor.e_value_text, round 48): log_e={1, 2} crashed with math's TypeError,
log_e=10**5000 with OverflowError ('int too large to convert to float'); the threshold alike.
Each refuses naming the argument; a float, a numpy float, an int a double holds, None, NaN
and -inf print as before."""

import math

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import e_value_text

BIG = 10**5000


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"log_e": {1, 2}}, "log_e"),
        ({"log_e": BIG}, "log_e"),
        ({"log_e": "2.0"}, "log_e"),
        ({"log_e": b"2"}, "log_e"),
        ({"log_e": 2.0, "threshold": {20}}, "threshold"),
        ({"log_e": 2.0, "threshold": BIG}, "threshold"),
    ],
)
def test_a_wrong_kind_is_refused_naming_the_argument(kwargs, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'") as info:
        e_value_text(**kwargs)
    assert "4300" not in str(info.value)


def test_numbers_print_as_before():
    assert e_value_text(2.0) == "7.39" and e_value_text(np.float64(2.0)) == "7.39"
    assert e_value_text(None) == e_value_text(math.nan) == "—"
    assert e_value_text(-math.inf) == "0"
    assert e_value_text(10000) == "8.81e+4342"
    assert e_value_text(math.log(19.96), 20) == "19.96"
