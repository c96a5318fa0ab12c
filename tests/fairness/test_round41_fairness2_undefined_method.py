"""An undefined equalized-odds difference says its interval is not reported, as every other
undefined metric of the same comparison does: its method was the bare name of an interval
('bca', 'jeffreys (...)'), read from the component held back by the label floor."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.fairness import audit


def _no_negatives_in_b():
    rng = np.random.default_rng(3)
    g = np.array(["A"] * 200 + ["B"] * 200)
    y = rng.integers(0, 2, 400)
    y[g == "B"] = 1  # FPR undefined for B; its error-rate floor is not met either
    return y, rng.integers(0, 2, 400), pd.Series(g, name="g")


@pytest.mark.parametrize("ci", ["jeffreys", "bca", "percentile"])
def test_undefined_eo_says_not_reported(ci):
    y, p, g = _no_negatives_in_b()
    metrics = audit(y, p, g, ci=ci, n_boot=100, random_state=1).to_dict()["comparisons"][0][
        "metrics"
    ]
    eo, fpr = metrics["equalized_odds_difference"], metrics["fpr_balance"]
    assert eo["status"] == "UNDEFINED" and eo["value"] is None and eo["ci_low"] is None
    assert ": not reported, " in eo["ci_method"]
    assert eo["ci_method"] == fpr["ci_method"]  # the undefined component's own words
