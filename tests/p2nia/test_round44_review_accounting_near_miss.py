"""Round 44 review (p2nia, sibling of 99a6b646): an unknown accounting in Python or a request
file (make_request(..., accounting='Record') / 'per_column') named no near miss ("Fix: choose
from ['record', 'per-column']"), where the mechanism's and the metrics' refusals now do."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request


@pytest.mark.parametrize("typed, near", [("Record", "record"), ("per_column", "per-column")])
def test_an_accounting_names_its_near_miss(typed, near):
    with pytest.raises(EthicLensInputError) as info:
        make_request(100, "g", protected_domain=["a", "b"], epsilon=1, accounting=typed)
    assert info.value.fix == f"did you mean '{near}'? use one of record, per-column"


def test_no_near_miss_lists_the_choices_alone():
    with pytest.raises(EthicLensInputError) as info:
        make_request(100, "g", protected_domain=["a", "b"], epsilon=1, accounting="xyz")
    assert info.value.fix == "use one of record, per-column"
