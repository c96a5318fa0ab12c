"""Round 22: a stray 0.5 among the platform's 0/1 predictions gets the audit's advice (drop or
correct that row), not the advice for a column of scores (threshold it at 0.5); a column that
really holds scores keeps the threshold advice."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release


def _refusal(p_values):
    rng = np.random.default_rng(0)
    n = len(p_values)
    df = pd.DataFrame(
        {"sex": rng.choice(["Female", "Male"], n), "y": rng.integers(0, 2, n), "p": p_values}
    )
    req = make_request(20, "sex", protected_domain=["Female", "Male"], epsilon=10)
    with pytest.raises(EthicLensInputError) as info:
        release(req, df, "y", "p", random_state=0)
    return str(info.value)


def test_one_stray_half_is_a_row_to_drop_not_a_threshold():
    p = np.random.default_rng(1).integers(0, 2, 300).astype(float)
    p[7] = 0.5
    message = _refusal(p)
    assert "1 row(s) hold 0.5," in message, message
    assert "drop those rows or correct their values to 0/1" in message, message
    assert "threshold it" not in message, message


def test_a_column_of_scores_keeps_the_threshold_advice():
    p = np.random.default_rng(2).choice([0.0, 0.25, 0.5, 0.75, 1.0], 300)
    message = _refusal(p)
    assert "threshold it into a 0/1 column" in message, message
