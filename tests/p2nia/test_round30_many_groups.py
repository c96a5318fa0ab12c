"""Round 30 (P2NIA): a GRR request, release and estimate for 1,000 groups finish in seconds.

The check that GRR's joint response matrix can be inverted took its condition number by an
SVD of the whole Kronecker product (4k × 4k for k groups, labels and predictions): for 1,000
groups each check was a 4,000 × 4,000 SVD and the estimate ran for minutes. The condition
number of a Kronecker product is the product of its factors' (their singular values
multiply), so each factor is checked alone; refusals and numbers are unchanged."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import debias, estimate, make_request, release, response_matrix


def test_a_thousand_groups_check_no_product_whole(monkeypatch):
    seen, cond = [], np.linalg.cond
    monkeypatch.setattr(np.linalg, "cond", lambda m, *a: seen.append(len(m)) or cond(m, *a))
    rng = np.random.default_rng(0)
    n = 4000
    data = pd.DataFrame(
        {
            "g": [f"g{i % 1000}" for i in range(n)],
            "y": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    req = make_request(2000, "g", epsilon=3, protected_domain=sorted(set(data["g"])))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        est = estimate(release(req, data, "y", "pred", random_state=0), n_boot=0)
    assert {v["status"] for v in est.values.values()} <= {"UNDEFINED", "INSUFFICIENT_DATA"}
    assert seen and max(seen) <= 1000, max(seen)


def test_refusals_and_debiasing_are_unchanged():
    with pytest.raises(EthicLensInputError, match=r"condition number 6\.8e\+116 > 1e\+12"):
        make_request(500, "sex", epsilon=1e-300, protected_domain=["F", "M"])
    mats = [response_matrix(1.0, 3), response_matrix(1.0, 2)]
    observed = np.array([[0.2, 0.1], [0.3, 0.1], [0.2, 0.1]])
    whole = np.linalg.solve(np.kron(*mats), observed.ravel())
    assert np.allclose(debias(observed, mats, project=False).ravel(), whole, atol=1e-15)
    with pytest.raises(EthicLensInputError, match="matrices"):
        debias(observed, [response_matrix(1e-13, 3), response_matrix(1.0, 2)])
