"""The threshold view's weighted rates stay within [0, 1]: weights summed in two orders once
left a false-negative cell a hair below 0 and a TPR of 1.0000000000000002 where the rows give
exactly 1 (an auditor's range check on the CSV fails on it)."""

import warnings

import numpy as np

from ethiclens.fairness import threshold_table


def test_weighted_rates_never_exceed_one():
    rng = np.random.default_rng(0)
    n = 400
    y = rng.integers(0, 2, n)
    score = np.where(y == 1, rng.uniform(0.5, 1, n), rng.random(n))
    groups = rng.choice(["a", "b"], n)
    weights = np.round(rng.lognormal(0, 1, n), 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = threshold_table(
            y, score, groups, sample_weight=weights, n_boot=100, random_state=0
        ).frame
    for column in ("selection_rate", "tpr", "fpr"):
        values = table[column].dropna()
        assert ((values >= 0) & (values <= 1)).all(), column
    # below every positive's score, every positive is selected: TPR exactly 1
    assert (table.loc[table["threshold"] <= 0.5, "tpr"] == 1.0).all()
