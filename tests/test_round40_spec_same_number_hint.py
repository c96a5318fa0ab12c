"""Round 40: a group typed as another spelling of one number ('1.0' for a column writing 1,
'10.0' for 10) was refused with the near miss by its letters: 'did you mean '10'?' for '1.0',
a different group, which a user following the hint audits against. The hint now names the
group holding the same number; other near misses are unchanged."""

from __future__ import annotations

import pytest

from ethiclens._checks import check_member, did_you_mean
from ethiclens.errors import EthicLensInputError

GROUPS = ["1", "10", "2"]


SAME = [("1.0", "1"), ("10.0", "10"), ("01", "1"), ("2e0", "2")]


@pytest.mark.parametrize(("typed", "meant"), SAME)
def test_the_hint_names_the_group_of_the_same_number(typed, meant):
    assert did_you_mean(typed, GROUPS).startswith(f"did you mean {meant!r} (the same number")
    with pytest.raises(EthicLensInputError) as info:
        check_member(typed, GROUPS, column="g", problem="unknown reference group")
    assert f"Fix: did you mean {meant!r} (the same number, as written there)?" in str(info.value)


OTHER = [("3", ""), ("nan", ""), ("COMPAS", "did you mean 'compas'? ")]


@pytest.mark.parametrize(("typed", "hint"), OTHER)
def test_other_values_keep_their_hint(typed, hint):
    assert did_you_mean(typed, [*GROUPS, "compas"]) == hint
