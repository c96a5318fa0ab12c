"""Round 40: the trainers' ε. epsilon=-inf trained WITHOUT DP (read as 'no DP', as +inf is);
a float32 ε of 0.1 was recorded as 0.10000000149011612 and a float32 inf was refused while a
float64 inf meant no DP. Now -inf is refused as every ε <= 0 is, and a NumPy float is the
decimal it prints as (train_dp_mlp, train_many, pcer train's request)."""

import math

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import TrainRequest
from ethiclens.experiments._pcer_commands import _check_train_request
from ethiclens.privacy._dpsgd import dp_epsilon


@pytest.mark.parametrize("minus_inf", [-math.inf, np.float64(-np.inf), np.float32(-np.inf)])
def test_minus_infinity_is_refused_never_no_dp(minus_inf):
    with pytest.raises(EthicLensInputError, match="ε must be a finite number > 0"):
        dp_epsilon(minus_inf)


@pytest.mark.parametrize(
    "given, expected",
    [(np.float32(0.1), 0.1), (np.float16(0.5), 0.5), (np.float32(np.inf), None), (math.inf, None)],
)
def test_numpy_floats_read_as_written(given, expected):
    got = dp_epsilon(given)
    assert got == expected and (got is None or type(got) is float)


def test_pcer_train_request_reads_a_float32_epsilon_as_written():
    epsilon, _, _ = _check_train_request(
        TrainRequest(dataset="compas", epsilon=np.float32(0.1), trainer="vectorized")
    )
    assert epsilon == 0.1
