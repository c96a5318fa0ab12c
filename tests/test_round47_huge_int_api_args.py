"""Python-API battery, class: a whole number past Python's int-to-text limit given where a
count, a state code or a database URL goes is refused naming the argument, never with
Python's 'Exceeds the limit (4300 digits)' ValueError (nor quoting it)."""

import pytest

from ethiclens.errors import EthicLensInputError

HUGE = 10**5000


def _grid():
    from ethiclens.experiments import SweepGrid

    return SweepGrid(seeds=HUGE)


def _states(train, audit):
    from ethiclens.experiments import audit_states_for

    return lambda: audit_states_for(train, audit)


def _db():
    from ethiclens.sources import check_usable_db_url

    return check_usable_db_url(HUGE)


@pytest.mark.parametrize(
    "call, column",
    [
        (_grid, "seeds"),
        (_states(HUGE, ["NE"]), "train_state"),
        (_states("CA", [HUGE]), "audit_states"),
        (_states("CA", ["NE", HUGE]), "audit_states"),
        (_db, "--db"),
    ],
)
def test_huge_int_is_refused_by_name(call, column):
    with pytest.raises(EthicLensInputError) as info:
        call()
    text = str(info.value)
    assert "4300" not in text and "limit" not in text.split("Fix:")[0].lower()
    assert info.value.column == column
    assert "(5,001 digits)" in text.lower()
