"""Round 43 (fair2): the threshold view of weighted rows says why a rate is undefined as the
audit does: a group whose weights are all 0, a label whose rows all weigh 0 ("once
weighted"), never "no positive labels" for a group that has them."""

import numpy as np
import pandas as pd

import ethiclens

RNG = np.random.default_rng(0)
N = 300
DF = pd.DataFrame(
    {
        "y": RNG.integers(0, 2, N),
        "s": RNG.random(N),
        "g": np.repeat(["x", "y", "z"], N // 3),
        "w": RNG.random(N) + 0.5,
    }
)
ZERO_GROUP = "the weights of 'z' (n = 100) are all zero; weighted rates are 0/0"


def _rows(weights, **kw):
    table = ethiclens.threshold_table(
        DF.y,
        DF.s,
        DF[["g"]],
        sample_weight=weights,
        thresholds=[0.5],
        n_boot=100,
        random_state=0,
        **kw,
    )
    return {row["group"]: row for row in table.to_dict()["rows"]}


def _audit(weights, **kw):
    result = ethiclens.audit(
        DF.y,
        (DF.s > 0.5).astype(int),
        DF[["g"]],
        sample_weight=weights,
        n_boot=100,
        random_state=0,
        **kw,
    )
    return {c["group"]: c["metrics"] for c in result.to_dict()["comparisons"]}


def test_group_weighted_all_zero_reads_as_the_audit():
    w = DF.w.where(DF.g != "z", 0.0)
    rows, audit = _rows(w), _audit(w)
    assert rows["z"]["di_status"] == rows["z"]["eo_status"] == "UNDEFINED"
    assert rows["z"]["di_reason"] == rows["z"]["eo_reason"] == ZERO_GROUP
    assert audit["z"]["disparate_impact"]["reason"] == ZERO_GROUP
    rows = _rows(w, reference={"g": "z"})  # as the reference: every comparison says so
    assert rows["x"]["di_reason"] == rows["y"]["eo_reason"] == ZERO_GROUP


def test_label_weighted_all_zero_is_not_no_labels():
    w = DF.w.where(~((DF.g == "z") & (DF.y == 1)), 0.0)
    said = "TPR undefined for 'z' (no positive labels once weighted: the rows it needs all weigh 0)"
    rows = _rows(w, reference={"g": "x"})
    assert rows["z"]["eo_status"] == "UNDEFINED"
    assert rows["z"]["eo_reason"] == said
    assert _audit(w, reference={"g": "x"})["z"]["equalized_odds_difference"]["reason"] == said


def test_no_positive_rows_still_no_positive_labels():
    y = DF.y.where(DF.g != "z", 0)
    table = ethiclens.threshold_table(
        y, DF.s, DF[["g"]], sample_weight=DF.w, thresholds=[0.5], n_boot=100, random_state=0
    )
    rows = {row["group"]: row for row in table.to_dict()["rows"]}
    assert rows["z"]["eo_reason"] == "TPR undefined for 'z' (no positive labels)"
