"""Round 20 (I): a refusal shows any whole number, however long, shortened (its first and last
digits and its count, as a 5,000-digit option is shown): Python's repr() of an int past 4,300
digits itself fails, which turned ``audit(..., n_boot=10**5000)``'s refusal into
"ValueError: Exceeds the limit (4300 digits) for integer string conversion"."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError, shown_int

SHOWN = "100000000000…000000 (5,001 digits)"


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(0)
    n = 400
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["A", "B"], n),
            "s": rng.random(n),
        }
    )


@pytest.mark.parametrize("keyword", ["n_boot", "n_bins", "seed", "confidence_level"])
@pytest.mark.parametrize("sign", [1, -1])
def test_an_audit_keyword_past_4300_digits_is_refused_shortened(frame, keyword, sign):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(frame.y, frame.p, frame.g, y_score=frame.s, **{keyword: sign * 10**5000})
    message = str(info.value)
    assert f"(value: {'-' if sign < 0 else ''}{SHOWN})" in message, message
    assert len(message) < 400, message


def test_a_long_int_is_shown_by_its_ends_and_its_count():
    assert shown_int(2**64) == "18446744073709551616"  # a 20-digit number stays whole
    assert shown_int(10**40 - 1) == "9" * 40
    assert shown_int(10**40) == "100000000000…000000 (41 digits)"
    assert shown_int(-int("123456789012345" + "0" * 300 + "987654")) == (
        "-123456789012…987654 (321 digits)"
    )
    error = EthicLensInputError("x", column="n", value={"a": [10**5000]})
    assert str(error) == f"column 'n': x (value: {{'a': [{SHOWN}]}})"
