"""Round 27: estimate(metrics=...) reads metrics as make_request does: a comma-separated
string ("dp,eo") is estimated (it was refused as the unknown metric 'dp,eo'), an empty list
is refused (it silently estimated every metric) and a metric twice is refused."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release


@pytest.fixture(scope="module")
def rel():
    rng = np.random.default_rng(0)
    n = 2000
    data = pd.DataFrame(
        {"g": rng.choice(["a", "b"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    req = make_request(1000, "g", epsilon=5, mechanism="grr", protected_domain=["a", "b"])
    return release(req, data, "y", "p", random_state=0)


def test_comma_separated_metrics_as_make_request(rel):
    assert list(estimate(rel, metrics=" eo , dp", n_boot=0).values) == ["eo", "dp"]


@pytest.mark.parametrize(
    ("metrics", "said"),
    [
        ([], "metrics must be a non-empty list"),
        (["dp", "dp"], "metrics repeated"),
        ("dp,dp", "metrics repeated"),
    ],
)
def test_empty_or_repeated_metrics_are_refused(rel, metrics, said):
    with pytest.raises(EthicLensInputError, match=f"argument 'metrics': {said}"):
        estimate(rel, metrics=metrics, n_boot=0)
