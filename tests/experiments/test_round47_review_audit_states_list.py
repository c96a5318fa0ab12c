"""Review of f9e19e59 (its sibling): audit_states_for's audit states given one value it cannot
iterate crashed with Python's TypeError (None, 3: "'NoneType' object is not iterable") and a
generator was used up by the first check, then refused as 'no audit state given'. Such a
value is refused naming the argument; a generator is read once; lists, sets, arrays as before."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import audit_states_for


@pytest.mark.parametrize(
    "given, kind",
    [(None, "None"), (3, "int"), (b"NE", "bytes"), (np.array("NE"), "ndarray")],
    ids=["none", "int", "bytes", "0-d"],
)
def test_one_value_it_cannot_iterate_is_refused(given, kind):
    with pytest.raises(EthicLensInputError) as info:
        audit_states_for("CA", given)
    assert info.value.column == "audit_states"
    assert f"must be state codes (a list of them, or 'all'), not {kind}. Fix" in str(info.value)


def test_a_generator_is_read_once():
    assert audit_states_for("CA", (s for s in ["ne", "TX"])) == ["NE", "TX"]
    assert audit_states_for("CA", np.array(["ne", "tx"])) == ["NE", "TX"]
