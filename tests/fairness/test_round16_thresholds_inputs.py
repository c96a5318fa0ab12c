"""Round 16: threshold_table refuses an empty list of thresholds, and scores of another
length than the labels and attributes are named (not the labels)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import threshold_table


def _data(n=400):
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {"label": rng.integers(0, 2, n), "score": rng.random(n), "race": rng.choice(["a", "b"], n)}
    )


def test_an_empty_thresholds_list_is_refused():
    d = _data()
    with pytest.raises(EthicLensInputError, match="argument 'thresholds': is empty"):
        threshold_table(d.label, d.score, d.race, thresholds=[], n_boot=100)


@pytest.mark.parametrize("as_numpy", [False, True])
def test_short_scores_are_named_not_the_labels(as_numpy):
    d = _data()
    score = d.score.iloc[:-3]
    args = (d.label, score, d.race)
    if as_numpy:
        args = (d.label.to_numpy(), score.to_numpy(), {"race": d.race.to_numpy()})
    with pytest.raises(EthicLensInputError, match="has 397 rows but y_true has 400") as err:
        threshold_table(*args, n_boot=100)
    assert "y_score" in str(err.value.column)


def test_short_labels_are_still_named():
    d = _data()
    with pytest.raises(EthicLensInputError, match="label \\(y_true\\)'?: has 397 rows"):
        threshold_table(d.label.iloc[:-3], d.score, d.race, n_boot=100)
