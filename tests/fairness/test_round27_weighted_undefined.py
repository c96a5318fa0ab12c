"""Round 27: a metric left undefined by weights (a group's 573 positive labels, each of weight
0) says so; its reason read "no positive labels" beside label counts of 573 positives. A
metric the rows themselves leave undefined keeps its words; every engine writes the same."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.fairness import audit, audit_counts
from ethiclens.sources import counts_of
from ethiclens.sources._counts_table import Roles

WEIGHED_OUT = "no positive labels once weighted: the rows it needs all weigh 0"


def _rows():
    rng = np.random.default_rng(0)
    n = 3000
    g = rng.choice(["a", "b"], n, p=[0.6, 0.4])
    y = rng.integers(0, 2, n)
    p = rng.integers(0, 2, n)
    w = rng.uniform(0.5, 2, n)
    w[(g == "b") & (y == 1)] = 0.0  # b's positives all weigh 0
    return pd.DataFrame({"g": g, "y_true": y, "y_pred": p, "w": w})


def _group(result, name):
    return next(s for s in result.attributes[0].groups if s.group == name)


def test_positives_weighted_all_zero_are_not_called_absent():
    df = _rows()
    result = audit(df.y_true, df.y_pred, df[["g"]], sample_weight=df.w, random_state=0)
    eo = result.comparisons[0].metrics["equalized_odds_difference"]
    assert eo.status == "UNDEFINED" and eo.value is None
    assert eo.reason == f"TPR undefined for 'b' ({WEIGHED_OUT})"
    assert result.comparisons[0].label_counts["group"]["positive"] > 0
    tpr = _group(result, "b").metrics["true_positive_rate"]
    assert tpr.value is None and tpr.reason == f"TPR undefined ({WEIGHED_OUT})"
    roles = Roles(y_pred="y_pred", protected=["g"], y_true="y_true", weight="w")
    counted = audit_counts(counts_of(df, roles), random_state=0)
    assert counted.comparisons[0].metrics["equalized_odds_difference"].reason == eo.reason


def test_truly_absent_labels_keep_their_words():
    df = _rows()
    df.loc[df.g == "b", "y_true"] = 0
    for weights in (None, df.w):
        result = audit(df.y_true, df.y_pred, df[["g"]], sample_weight=weights, random_state=0)
        eo = result.comparisons[0].metrics["equalized_odds_difference"]
        assert eo.reason == "TPR undefined for 'b' (no positive labels)"
        assert _group(result, "b").metrics["true_positive_rate"].reason == (
            "TPR undefined (no positive labels)"
        )
