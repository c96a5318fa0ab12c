"""Round 34 (P2NIA): ``make_request`` reads a float32 ε or δ as the number it prints as, as
every function reads a float32 confidence level: ``epsilon=np.float32(5.1)`` was recorded as
5.099999904632568, and ``estimate(request=...)`` with the same request made from 5.1 (the
command line's ``--epsilon 5.1``) refused the release: "its ε 5.1 (yours: 5.1)"."""

import warnings

import numpy as np

from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame


def test_a_float32_budget_is_the_number_it_prints_as():
    typed = make_request(1000, "sex", protected_domain=["F", "M"], epsilon=5.1)
    f32 = make_request(1000, "sex", protected_domain=["F", "M"], epsilon=np.float32(5.1))
    assert f32.to_dict() == typed.to_dict()
    mst = make_request(1000, "sex", mechanism="mst", epsilon=1, delta=np.float32(1e-7))
    assert mst.delta == 1e-7
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(f32, audit_frame(2000, 0), "y", "pred", random_state=0)
    assert estimate(rel, n_boot=0, request=typed).epsilon == 5.1
