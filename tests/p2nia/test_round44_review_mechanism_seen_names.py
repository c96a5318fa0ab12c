"""Round 44 review (p2nia, of 47dff9a8): a mechanism's name that differs from the built-in's
only in case was refused, but one that differs only by spaces around it or an unseen
character (' grr', 'grr ', 'g\\u200brr': now refused by every registry's name rule; and
'grr\\u3164', a Hangul filler, or 'g\\u034frr') registered, and every release,
estimate and report showed it as the built-in's 'GRR'. Names are now compared as a reader sees
them (as_seen: no spaces around, no format characters), then in capitals."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import GRR, mechanism_names, register_mechanism


@pytest.mark.parametrize(  # spaces around, a zero-width space: the name rule refuses them
    "name, other",
    [("grr\u3164", "grr"), ("g\u034frr", "grr"), ("\u3164Blackbox", "blackbox")],
)
def test_a_name_that_prints_as_another_is_refused(name, other):
    m = type("Named", (GRR,), {"name": name})()
    with pytest.raises(EthicLensInputError, match=f"'{other}' only in case, spaces or unseen"):
        register_mechanism(m)
    assert name not in mechanism_names()
