"""Round 32: a favourable label given as True or a numpy integer (np.int64(1), read from a
frame) is the int 0 or 1 in the probe's result and JSON, as 1 is: True was written as
"favorable_label": true, where the field is an integer 0 or 1 (1.0 was, and is, refused)."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.probes import counterfactual


class _Model:
    def predict(self, X):
        return (X["g"] == "a").to_numpy().astype(int)


@pytest.mark.parametrize("given", [True, np.True_, np.int64(1), np.int64(0), False])
def test_the_favourable_label_is_written_as_an_int(given):
    X = pd.DataFrame({"g": ["a", "b"] * 10, "x": range(20)})
    r = counterfactual(_Model(), X, "g", favorable_label=given, random_state=0)
    assert type(r.favorable_label) is int and r.favorable_label == int(given)
    assert json.loads(json.dumps(r.to_dict()))["favorable_label"] == int(given)
