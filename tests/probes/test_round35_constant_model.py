"""Round 35 (probes): a model that answers the same to every record (a broken pipeline, the
wrong object loaded) passed the counterfactual probe with "the model does not use it
directly (all flip rates 0)" and nothing more; now a note says its flip rates of 0 say
nothing, and predictions of strings '0'/'1' or a pandas Series are read as 0/1."""

import numpy as np
import pandas as pd

from ethiclens.probes import counterfactual

X = pd.DataFrame({"sex": ["F", "M"] * 20, "x": np.linspace(0, 1, 40)})


class Model:
    def __init__(self, predict, proba=None):
        self._predict, self._proba = predict, proba

    def predict(self, frame):
        return self._predict(frame)


def test_a_constant_model_is_said_to_show_nothing():
    result = counterfactual(Model(lambda f: np.zeros(len(f), int)), X, "sex", random_state=0)
    assert result.notes[0].startswith("The model predicted 0 for all 40 records")
    assert "say nothing" in result.notes[0]
    assert all(p.flip_rate == 0 for p in result.pairs)


def test_a_model_that_varies_gets_no_such_note():
    for answer in (
        lambda f: (f["x"] > 0.5).astype(int),  # a pandas Series
        lambda f: np.where(f["x"] > 0.5, "1", "0"),  # strings
    ):
        result = counterfactual(Model(answer), X, "sex", random_state=0)
        assert not any("for all 40 records" in n for n in result.notes)
        assert [p.flip_rate for p in result.pairs] == [0.0, 0.0]
    one = counterfactual(Model(lambda f: np.ones(len(f), int)), X.head(1), "sex", groups=["F", "M"])
    assert not any("records, original and changed" in n for n in one.notes)  # one record
