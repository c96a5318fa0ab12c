"""Round 45 (review of 49d750c6): a request dict from Python whose unknown keys mix types
({1: 2, 'epsilom': 1}) crashed with TypeError ("'<' not supported between 'str' and 'int'")
while sorting them for the refusal; it is now refused like any unknown key, with its near
miss."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia._protocol import as_request


def test_mixed_unknown_keys_are_refused_not_crashed():
    with pytest.raises(EthicLensInputError) as err:
        as_request({1: 2, "epsilom": 1})
    assert err.value.column == "request"
    assert err.value.problem == "unknown keys 1, epsilom"
    assert "'epsilom': did you mean 'epsilon'?" in str(err.value.fix)
