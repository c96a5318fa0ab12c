"""Review of ef12e656: a state code that is no text (10**5000, None, inf) is quoted in its
refusal as given, never upper-cased like a typed code ('(5,001 DIGITS)', 'NONE', 'INF'),
nor offered a near miss of its upper-cased text ('NE' for None, 'IN' for inf)."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import audit_states_for

HUGE = 10**5000


@pytest.mark.parametrize(
    "train, audit, column, shown",
    [
        (HUGE, ["NE"], "train_state", "(value: 100000000000…000000 (5,001 digits))"),
        ("CA", ["NE", HUGE], "audit_states", "(value: 100000000000…000000 (5,001 digits))"),
        (None, ["NE"], "train_state", "unknown ACS state code. Fix"),
        ("CA", ["NE", None], "audit_states", "unknown ACS state code. Fix"),
        ("CA", [float("inf")], "audit_states", "(value: inf)"),
    ],
    ids=["huge-train", "huge-audit", "none-train", "none-audit", "inf"],
)
def test_code_that_is_no_text_is_quoted_as_given(train, audit, column, shown):
    with pytest.raises(EthicLensInputError) as info:
        audit_states_for(train, audit)
    text = str(info.value)
    assert info.value.column == column
    assert shown in text
    assert "DIGITS" not in text and "NONE" not in text and "INF" not in text
    assert "did you mean" not in text


def test_text_codes_still_upper_cased():
    assert audit_states_for(np.array("ca"), [" ne", np.array("tx"), np.str_("ut")]) == [
        "NE",
        "TX",
        "UT",
    ]
