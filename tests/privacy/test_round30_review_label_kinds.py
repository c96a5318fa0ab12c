"""Round 30 review: a pcer or p2nia label past Python's int-to-text limit (10**5000), or a
label column holding 1 beside '1', is refused naming the column as audit refuses it (was
ValueError 'Exceeds the limit (4300 digits)', or numpy's TypeError sorting str and int)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import p2nia
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions

N = 20
G = np.array(["a", "b"])[np.arange(N) % 2]
HUGE = "holds a whole number too long to be a label or a group"
APART = r"distinct values print the same \(e\.g\. 1 and '1'\)"


def _labels(bad):
    y = np.array([0, 1] * (N // 2), dtype=object)
    y[3] = bad
    return y


@pytest.mark.parametrize(
    ("bad", "said"),
    [(10**5000, HUGE), (-(10**5000), HUGE), ("1", APART)],
    ids=["huge", "-huge", "1 and 1"],
)
def test_a_split_refuses_the_label_naming_it(bad, said):
    with pytest.raises(EthicLensInputError, match=f"^argument 'y_true': train split: {said}"):
        SplitPredictions(_labels(bad), [0, 1] * (N // 2), G, name="train")
    with pytest.raises(EthicLensInputError, match=f"^argument 'y_pred': test split: {said}"):
        SplitPredictions([0, 1] * (N // 2), _labels(bad), G, name="test")


@pytest.mark.parametrize(("bad", "said"), [(10**5000, HUGE), ("1", APART)], ids=["huge", "1 and 1"])
def test_a_p2nia_release_refuses_the_label_naming_it(bad, said):
    req = p2nia.make_request(n=10, protected="sex", protected_domain=["a", "b"], epsilon=5)
    data = pd.DataFrame({"sex": G, "y": _labels(bad), "p": [0, 1] * (N // 2)})
    with pytest.raises(EthicLensInputError, match=f"'y': {said}"):
        p2nia.release(req, data, "y", "p", random_state=0)
