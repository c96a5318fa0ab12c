"""Review of ef12e656 (its datasets sibling): acs_states wrote every code with str() and
upper-cased it, so a code that is no text was taken as a state ([None] -> ['NONE'],
[b'co'] -> ["B'CO'"], [inf] -> ['INF']) or crashed with Python's int-to-text ValueError
(10**5000). Such a code is refused naming the argument and the value; text as before."""

import numpy as np
import pytest

from ethiclens.datasets import acs_states
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "code, words",
    [
        (None, "not None. Fix"),
        (b"co", "not bytes (value: b'co')"),
        (float("inf"), "not float (value: inf)"),
        (10**5000, "not int (value: 100000000000…000000 (5,001 digits))"),
    ],
    ids=["none", "bytes", "inf", "huge"],
)
def test_a_code_that_is_no_text_is_refused(code, words):
    with pytest.raises(EthicLensInputError) as info:
        acs_states(["CO", code])
    assert info.value.column == "states"
    assert f"a state code must be text, {words}" in str(info.value)


def test_text_codes_as_before():
    assert acs_states(np.array(["ne", " co"])) == ["CO", "NE"]
    assert acs_states({"tx": 1}) == ["TX"]
