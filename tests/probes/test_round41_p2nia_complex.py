"""A complex number is no 0/1 prediction and no score: the probes dropped its imaginary part
with a ComplexWarning and counted 1+5j as the prediction 1, 0.3+0.9j as the score 0.3."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, counterfactual, make_counterfactuals

TABLE = make_counterfactuals(pd.DataFrame({"sex": ["a", "b", "a", "b"], "x": [1, 2, 3, 4]}), "sex")
N = len(TABLE)


@pytest.mark.parametrize("wrap", [list, np.array])
def test_complex_predictions_and_scores_are_refused(wrap):
    with pytest.raises(EthicLensInputError, match="is not binary 0/1") as info:
        analyze_counterfactuals(TABLE, wrap([1 + 5j] + [0] * (N - 1)), n_boot=100)
    assert info.value.column == "y_pred" and info.value.value == 1 + 5j
    scores = wrap([0.3 + 0.9j] + [0.5] * (N - 1))
    with pytest.raises(EthicLensInputError, match="scores must be numbers in") as info:
        analyze_counterfactuals(TABLE, [1] * N, scores, n_boot=100)
    assert info.value.column == "y_score" and info.value.value == 0.3 + 0.9j


def test_a_model_returning_complex_scores_is_refused():
    class Model:
        def predict(self, frame):
            return np.ones(len(frame), int)

        def predict_proba(self, frame):
            return np.array([[0.5, 0.5 + 1j]] * len(frame))

    frame = pd.DataFrame({"sex": ["a", "b", "a", "b"], "x": [1, 2, 3, 4]})
    with pytest.raises(EthicLensInputError, match=r"predict_proba\(\)\[:, 1\] must be numbers"):
        counterfactual(Model(), frame, "sex", n_boot=100)
