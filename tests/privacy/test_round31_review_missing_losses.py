"""Round 31 review: a missing loss written pd.NA (a nullable "string" column, an object
column) is a missing loss, as NaN, None and a nullable Float64/Int64 column's pd.NA are:
"1 loss value(s) are NaN or infinite (1 missing, ...)" and the fix to drop or compute them.
The round's loss check read a "string" column's <NA> as a value that is not a number."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions

Y = np.array([0, 1, 0, 1])
G = np.array(["a", "a", "b", "b"])


@pytest.mark.parametrize(
    "loss",
    [
        pd.array(["0.1", None, "0.3", "0.4"], dtype="string"),
        np.array([0.1, pd.NA, 0.3, 0.4], dtype=object),
        pd.array([0.1, None, 0.3, 0.4], dtype="Float64"),
        np.array([0.1, None, 0.3, 0.4], dtype=object),
    ],
)
def test_a_missing_loss_is_missing(loss):
    with pytest.raises(EthicLensInputError) as err:
        SplitPredictions(Y, Y, G, loss=loss, name="train")
    assert "1 loss value(s) are NaN or infinite (1 missing, 0 infinite), first at row 1" in str(
        err.value
    )
    assert "drop the rows without a loss" in str(err.value)


def test_text_losses_without_gaps_still_read():
    loss = pd.array(["0.1", "0.2", "0.3", "0.4"], dtype="string")
    assert SplitPredictions(Y, Y, G, loss=loss).loss.tolist() == [0.1, 0.2, 0.3, 0.4]
