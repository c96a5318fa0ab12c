"""Round 35 (P2NIA): a release an EthicLens before round 34 made from ``np.float32(5.1)``
records ε = 5.099999904632568; ``estimate(request=...)`` with the auditor's 5.1 refused it as
"made for another request: its ε 5.1 (yours: 5.1)", and its estimate said "at ε = 5.1" while
resting on 5.099999904632568. A float16 ε or δ is read as ``ethiclens._checks`` reads it
(``make_request`` gave 0.1 for ``np.float16(0.1)``, check_epsilon 0.099975586)."""

import warnings

import numpy as np
import pytest

from ethiclens._checks import check_delta, check_epsilon
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame

OLD = float(np.float32(5.1))  # 5.099999904632568, as the older manifest holds it


def _release(epsilon):
    req = make_request(600, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=epsilon)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(800, 0), "y", "pred", random_state=0)


def test_an_older_float32_epsilon_is_the_request_it_was_made_for():
    rel = _release(OLD)
    mine = make_request(600, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=5.1)
    est = estimate(rel, n_boot=0, request=mine)
    assert est.epsilon == OLD
    assert f"ε = {OLD!r}" in est.basis  # the ε it used, every digit
    # an auditor's own older request file (5.099999904632568) and a new release (5.1) too
    assert estimate(_release(5.1), n_boot=0, request=rel.manifest["request"]).epsilon == 5.1


def test_a_budget_that_differs_beyond_float32_is_refused_showing_the_digits():
    rel = _release(5.1)
    mine = make_request(600, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=5.1000002)
    with pytest.raises(EthicLensInputError, match=r"its ε 5\.1 \(yours: 5\.1000002\)"):
        estimate(rel, n_boot=0, request=mine)
    assert "at ε = 5.1 " in estimate(rel, n_boot=0).basis


@pytest.mark.parametrize("value", [np.float16(0.1), np.float16(5.1), np.float32(0.1)])
def test_a_narrow_float_epsilon_is_read_as_checks_reads_it(value):
    req = make_request(600, "sex", protected_domain=["F", "M"], epsilon=value)
    assert req.epsilon == check_epsilon(value)
    assert type(req.epsilon) is float
    mst = make_request(600, "sex", mechanism="mst", epsilon=1, delta=np.float16(1e-4))
    assert mst.delta == check_delta(np.float16(1e-4))
