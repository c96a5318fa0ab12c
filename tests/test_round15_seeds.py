"""One range for every seed (session 15): below 2**32 on every face, as scikit-learn takes."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias, run_oracle


@pytest.mark.parametrize(
    "call",
    [
        lambda seed: ethiclens.audit(
            [0, 1] * 100, [0, 1] * 100, [["a"], ["b"]] * 100, random_state=seed
        ),
        lambda seed: inject_bias(200, disparate_impact=0.8, random_state=seed),
        lambda seed: run_oracle(n=200, repetitions=2, n_boot=10, random_state=seed),
    ],
)
def test_a_seed_of_2_to_the_32_is_refused_everywhere(call):
    with pytest.raises(EthicLensInputError, match="must be below 4,294,967,296"):
        call(2**32)


def test_a_fresh_seed_is_below_the_limit():
    rows = 300
    result = ethiclens.audit(
        np.array([0, 1] * (rows // 2)),
        np.array([1, 0, 1] * (rows // 3)),
        np.array(["a", "b", "c"] * (rows // 3)),
        random_state=None,
        n_boot=100,
    )
    assert 0 <= result.config["random_state"] < 2**32
