"""Round 31 review (known leftover): P2NIA's public GRR primitives checked their inputs
nowhere: keep_probability(1, 0) returned 1.58 (a probability), keep_probability(nan, 2) nan,
project_to_simplex([]) raised numpy's ValueError, uniform_queries drew from any domains
(a set: numpy's IndexError) and Estimate.record_inputs(folder, request=5) recorded the 5 as a
request given in Python. Each is refused naming its argument; valid inputs answer as before."""

import math

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    estimate,
    keep_probability,
    make_request,
    project_to_simplex,
    release,
    uniform_queries,
    write_release,
)


@pytest.mark.parametrize(
    ("epsilon", "k", "named"),
    [(1, 0, "k"), (1, 2.5, "k"), (1, True, "k"), (math.nan, 2, "epsilon"), (0, 2, "epsilon"),
     (-1, 2, "epsilon"), ("1", 2, "epsilon")],
)  # fmt: skip
def test_keep_probability_refuses_what_is_no_budget_or_count(epsilon, k, named):
    with pytest.raises(EthicLensInputError, match=f"argument '{named}'"):
        keep_probability(epsilon, k)


def test_keep_probability_of_valid_inputs_unchanged():
    assert keep_probability(1.0, 2) == pytest.approx(math.e / (math.e + 1))
    assert keep_probability(1e4, 2) == 1.0 and keep_probability(2, 1) == 1.0


@pytest.mark.parametrize("v", [[], [0.5, math.nan], [np.inf, 0.1]])
def test_project_to_simplex_refuses_no_values_or_non_finite_ones(v):
    with pytest.raises(EthicLensInputError, match="argument 'v'"):
        project_to_simplex(v)


def test_project_to_simplex_unchanged():
    assert project_to_simplex([0.7, 0.5, -0.2]).tolist() == pytest.approx([0.6, 0.4, 0.0])


@pytest.mark.parametrize("domains", [5, {"age": {1, 2}}, {"age": (1,)}, {"age": []}])
def test_uniform_queries_checks_its_domains(domains):
    rng = np.random.default_rng(0)
    assert uniform_queries({"age": (1, 2), "g": ["a"]}, 3, rng).shape == (3, 2)
    with pytest.raises(EthicLensInputError, match="argument 'rng': must be a Generator"):
        uniform_queries({"age": (1, 2)}, 3, 0)
    with pytest.raises(EthicLensInputError, match="argument .domains"):
        uniform_queries(domains, 10, np.random.default_rng(0))


@pytest.mark.parametrize("n", [-1, 2.5, "3", True])
def test_uniform_queries_checks_its_count(n):
    with pytest.raises(EthicLensInputError, match="argument 'n': must be a whole number"):
        uniform_queries({"age": (1, 2)}, n, np.random.default_rng(0))


def test_record_inputs_refuses_a_request_that_is_none(tmp_path):
    import pandas as pd

    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {
            "g": rng.choice(["F", "M"], 400),
            "y": rng.integers(0, 2, 400),
            "p": rng.integers(0, 2, 400),
        }
    )
    req = make_request(400, "g", metrics=["dp"], epsilon=2.0, protected_domain=["F", "M"])
    write_release(release(req, data, None, "p", random_state=0), tmp_path / "rel")
    est = estimate(tmp_path / "rel", n_boot=0)
    with pytest.raises(EthicLensInputError, match="argument 'request': must be an AuditRequest"):
        est.record_inputs(tmp_path / "rel", request=5)
    assert est.record_inputs(tmp_path / "rel", req.to_dict()).run["request"]["file"] is None
