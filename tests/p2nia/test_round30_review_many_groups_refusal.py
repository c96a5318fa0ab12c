"""Round 30 review: a GRR request for 1,000 groups at an ε too small to invert is refused
without an SVD of the whole 4,000 x 4,000 response matrix (test_round30_many_groups.py made
the accepted request fast; its refusal still took that SVD, tens of seconds to minutes): the
condition number of a Kronecker product is the product of its factors'."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


def test_a_thousand_groups_refused_without_the_whole(monkeypatch):
    seen, cond = [], np.linalg.cond
    monkeypatch.setattr(np.linalg, "cond", lambda m, *a: seen.append(len(m)) or cond(m, *a))
    groups = [f"g{i}" for i in range(1000)]
    with pytest.raises(EthicLensInputError, match=r"condition number 1\.1e\+14 > 1e\+12"):
        make_request(2000, "g", epsilon=1e-3, protected_domain=groups)
    assert seen and max(seen) <= 1000, max(seen)
