"""Review of 86639a36 (_checks.argument_kinds): an argument given its own default (as the
signature says, ``weights=None``) passes the guard, as it did before the guard."""

import numpy as np
import pytest

from ethiclens._checks import argument_kinds, numbers_kind
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import joint_from_codes

CODES = (np.array([0, 1, 1]), np.array([0, 1, 0]), np.array([1, 1, 0]))


def test_joint_from_codes_takes_weights_none_as_given():
    given = joint_from_codes(*CODES, 2, weights=None)
    assert np.array_equal(given, joint_from_codes(*CODES, 2))
    with pytest.raises(EthicLensInputError, match="argument 'weights'"):
        joint_from_codes(*CODES, 2, weights="x")


@pytest.mark.parametrize("call", [lambda f: f(1, None), lambda f: f(1, w=None), lambda f: f(1)])
def test_a_default_passes_positionally_or_by_keyword(call):
    @argument_kinds(x=numbers_kind(), w=numbers_kind())
    def f(x, w=None):
        return w

    with pytest.raises(EthicLensInputError, match="argument 'x'"):
        call(f)
    assert call(lambda x, w=None: f([1], w)) is None
