"""Round 48 (leftover 3): inject_bias and run_oracle checked each number as a float first, so a
refusal of a number given as 9 said '(value: 9.0)', a value no one typed (every other refusal,
and the command line's, shows it as given). The checked number now carries what was given."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens import probes
from ethiclens.errors import EthicLensInputError

CASES = [
    ({"disparate_impact": 9}, "(value: 9)"),
    ({"disparate_impact": np.int64(9)}, "(value: 9)"),
    ({"disparate_impact": 0.8, "reference_rate": 2}, "(value: 2)"),
    ({"disparate_impact": 0.8, "eo_gap": 1}, "(value: 1)"),
    ({"disparate_impact": 0.8, "separation": 9}, "(value: 9)"),
    ({"disparate_impact": 9.0}, "(value: 9.0)"),
]


@pytest.mark.parametrize(("given", "said"), CASES)
def test_inject_bias_refuses_a_number_as_given(given, said):
    with pytest.raises(EthicLensInputError) as caught:
        probes.inject_bias(1000, **given)
    assert said in str(caught.value)


def test_run_oracle_refuses_a_number_as_given():
    with pytest.raises(EthicLensInputError, match=r"\(value: 2\)"):
        probes.run_oracle(n=1000, repetitions=2, n_boot=100, reference_rate=2)


def test_a_number_given_as_an_int_still_computes_as_before():
    drawn = probes.inject_bias(1000, disparate_impact=1, random_state=0)
    again = probes.inject_bias(1000, disparate_impact=1.0, random_state=0)
    assert drawn.truth == again.truth and type(drawn.truth["disparate_impact"]) is float
    assert (drawn.y_pred == again.y_pred).all()
