"""Round 47 (review of 98d7cf15, its class in P2NIA): MST/AIM's refusal of an ε too small to
measure anything named its floor as ``:.1e`` rounds it, so at the default δ = 1e-9 (floor
9.1046e-08) it said 'Fix: give ε >= 9.1e-08', an ε that is itself refused. The floor is now
rounded up (9.2e-08): the ε the fix names is taken."""

import re

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


@pytest.mark.parametrize("mechanism", ["mst", "aim"])
@pytest.mark.parametrize("delta", [None, 1e-5, 1e-3, 1e-300])
def test_the_floor_a_refusal_names_is_taken(mechanism, delta):
    kw = dict(mechanism=mechanism, protected_domain=["F", "M"], delta=delta)
    with pytest.raises(EthicLensInputError) as caught:
        make_request(200, "sex", epsilon=1e-10, **kw)
    floor = re.search(r"give ε >= (\S+) \(at δ", str(caught.value)).group(1)
    assert float(floor) < 1e-6, caught.value
    make_request(200, "sex", epsilon=float(floor), **kw)  # taken, not refused again
