"""Round 46: a refused weight or score was shown as the float it was read as, not as given: an
Int64 weight of <NA> as '(value: nan)', an object weight of 10**400 as 'inf', an Int64 -3 as
-3.0, None as nan, an Int64 score of 2 as 2.0. The refusal now shows the value given."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens import EthicLensInputError

N = 40
Y = np.tile([0, 1], N // 2)
P = np.tile([1, 1, 0, 0], N // 4)
G = np.repeat(["a", "b"], N // 2)


def _last(cell, dtype=object):
    return pd.Series([1] * (N - 1) + [cell], dtype=dtype)


@pytest.mark.parametrize(
    ("weights", "shown"),
    [
        (_last(pd.NA, "Int64"), "<NA>"),
        (_last(-3, "Int64"), "-3"),
        (_last(None), "None"),
        (_last(10**400), "100000000000…000000 (401 digits)"),
        (np.array([1] * (N - 1) + [-0.7], dtype=np.float32), "-0.7"),
        (_last(np.datetime64("NaT")), "NaT"),
    ],
)
def test_a_refused_weight_is_shown_as_given(weights, shown):
    with pytest.raises(EthicLensInputError) as err:
        el.audit(Y, P, {"g": G}, sample_weight=weights, n_boot=100)
    assert f"first at row {N - 1} (value: {shown})." in str(err.value)


@pytest.mark.parametrize(
    ("scores", "shown"),
    [(_last(2, "Int64"), "2"), (_last(10**400), "100000000000…000000 (401 digits)")],
)
def test_a_refused_score_is_shown_as_given(scores, shown):
    scores.iloc[: N - 1] = 0
    with pytest.raises(EthicLensInputError) as err:
        el.audit(Y, P, {"g": G}, y_score=scores, n_boot=100)
    assert f"first at row {N - 1} (value: {shown})." in str(err.value)


@pytest.mark.parametrize(
    ("weights", "shown"), [(_last(pd.NA, "Int64"), "<NA>"), (_last(-3, "Int64"), "-3")]
)
def test_counts_of_refuses_a_weight_in_the_rows_words(weights, shown):
    from ethiclens.sources import Roles, counts_of

    frame = pd.DataFrame({"y": Y, "p": P, "g": G, "w": weights})
    with pytest.raises(EthicLensInputError) as err:
        counts_of(frame, Roles(y_true="y", y_pred="p", protected=["g"], weight="w"))
    assert f"first at row {N - 1} (value: {shown})." in str(err.value)
