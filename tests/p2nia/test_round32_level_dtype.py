"""Round 32 (P2NIA): ``estimate(level=np.float32(0.9))`` is the level 0.9, as the audit's
``confidence_level`` is: the checked level was dropped, so the intervals were drawn at
0.899999976 and ``to_dict()`` held a float32 that ``json.dumps`` refused with a TypeError."""

import json
import warnings

import numpy as np

from ethiclens.p2nia import estimate, make_request, release

from .conftest import audit_frame


def test_a_float32_level_is_the_level_it_prints_as():
    req = make_request(500, "sex", epsilon=8, protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, audit_frame(1000, 0), "y", "pred", random_state=0)
    narrow = estimate(rel, n_boot=200, level=np.float32(0.9))
    document = json.loads(json.dumps(narrow.to_dict()))
    assert document["config"]["confidence_level"] == 0.9
    assert narrow.values == estimate(rel, n_boot=200, level=0.9).values
