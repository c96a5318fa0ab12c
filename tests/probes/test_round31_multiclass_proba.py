"""Round 31: counterfactual() took a model whose predict_proba returns three or more columns
(a multiclass model that predicts only 0 and 1 here) and read column 1 as the positive class's
probability; the refusal of one column already said 'not (rows, 2)'. A binary classifier's two
columns are required."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import counterfactual


class _ThreeClasses:
    def predict(self, X):
        return (X["x"].to_numpy() > 0.5).astype(int)

    def predict_proba(self, X):
        x = X["x"].to_numpy()
        return np.c_[(1 - x) / 2, x / 2, np.full(len(x), 0.5)]


def test_a_three_column_predict_proba_is_refused():
    X = pd.DataFrame({"g": ["a", "b"] * 30, "x": np.linspace(0, 1, 60)})
    with pytest.raises(
        EthicLensInputError, match=r"argument 'model'.*shape \(120, 3\), not \(rows, 2\)"
    ):
        counterfactual(_ThreeClasses(), X, "g", n_boot=100, random_state=0)
