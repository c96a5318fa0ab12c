"""Round 47 (review of 98d7cf15, a sibling in inject_bias): the separation refusal's fix
named its range with ':.3f', rounded outwards as often as not, so each end it named was
itself refused ('use a separation in [-0.200, 0.200]' at reference_rate 0.9, base rate 0.5,
where -0.2 is 'separation impossible'). Each end is now rounded inwards (as the DI range
is): every end a fix names is taken."""

import re

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias


@pytest.mark.parametrize("r1,b1", [(0.9, 0.5), (0.1234, 0.2222), (0.6, 0.61234), (0.3333, 0.5)])
def test_each_end_of_the_separation_range_is_taken(r1, b1):
    kw = dict(disparate_impact=0.9, base_rates=(b1, 0.5), reference_rate=r1)
    with pytest.raises(EthicLensInputError) as caught:
        inject_bias(100, separation=0.999, **kw)
    ends = re.search(r"use a separation in \[(\S+), (\S+)\]", str(caught.value)).groups()
    for end in ends:
        inject_bias(100, separation=float(end), random_state=0, **kw)  # taken, not refused
