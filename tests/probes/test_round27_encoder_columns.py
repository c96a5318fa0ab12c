"""Round 27: the probe reads which columns a ColumnTransformer's OneHotEncoder encodes however
the columns were named: by name, by position, as a slice or as a boolean mask. A slice raised
``TypeError: 'slice' object is not iterable`` after every row had been scored; positions and
masks lost the note that the flips to a group the encoder never saw measure its
handle_unknown encoding."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

from ethiclens.probes import counterfactual


@pytest.mark.parametrize(
    "columns",
    [["g"], [0], slice(0, 1), slice("g", "g"), np.array([True, False])],
    ids=["names", "positions", "slice", "label-slice", "mask"],
)
def test_the_unseen_group_note_whatever_the_column_spec(columns):
    rng = np.random.default_rng(0)
    X = pd.DataFrame({"g": rng.choice(["a", "b"], 200), "x": rng.random(200)})
    y = (X["x"] + (X["g"] == "a") * 0.3 > 0.6).astype(int)
    encoder = OneHotEncoder(handle_unknown="ignore")
    steps = ColumnTransformer([("oh", encoder, columns)], remainder="passthrough")
    model = Pipeline([("ct", steps), ("lr", LogisticRegression())]).fit(X, y)
    result = counterfactual(model, X, "g", groups=["a", "b", "z"], random_state=0, n_boot=100)
    assert any(note.startswith("Groups z were never seen") for note in result.notes)
