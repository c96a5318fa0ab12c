"""Round 30: a keyword pcer_audit does not take (``nboot=200``, ``seed=1``) was a bare
TypeError, where audit and compare refuse it as the project's input error (still a TypeError)
with the closest keyword or the ones it takes."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit

N = 120
G = np.array(["a", "b"])[np.arange(N) % 2]
TRAIN = SplitPredictions(np.arange(N) % 2, np.arange(N) % 2, G)
TEST = SplitPredictions(np.arange(N) % 2, np.arange(N) // 2 % 2, G)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("nboot", "; did you mean 'n_boot'?"),
        ("group_ordr", "; did you mean 'group_order'?"),
        ("zzz", ". Fix: use one of etas, n_boot, random_state, ci, group_order"),
    ],
)
def test_an_unknown_keyword_is_the_projects_input_error(typed, said):
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(TRAIN, TEST, **{typed: 200})
    assert isinstance(err.value, TypeError), type(err.value)
    text = str(err.value)
    assert text.startswith(f"pcer_audit() got an unexpected keyword argument {typed!r}"), text
    assert said in text, text
