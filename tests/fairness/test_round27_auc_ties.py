"""Round 27: an AUC whose DeLong variance is 0 although the AUC is neither 0 nor 1 (every
score ties: AUC 0.5) says so, not that the AUC is 0 or 1."""

from __future__ import annotations

import numpy as np

from ethiclens.fairness import audit, group_auc


def _rows():
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 200)
    y = rng.integers(0, 2, 400)
    s = np.where(g == "a", 0.5, rng.uniform(0, 1, 400))  # group a: every score ties
    return y, s, g


def test_tied_scores_auc_reason_names_the_variance_not_an_auc_of_0_or_1():
    y, s, g = _rows()
    frame = group_auc(y, s, g)
    a = frame.xs("a", level="group").iloc[0]
    assert a["auc"] == 0.5
    assert np.isnan(a["auc_ci_low"]) and np.isnan(a["auc_ci_high"])
    assert "0 or 1" not in a["auc_ci_method"]
    assert a["auc_ci_method"] == "not reported: DeLong's variance is 0 at an AUC of 0.5"


def test_audit_note_agrees_with_group_auc():
    y, s, g = _rows()
    result = audit(y, (s >= 0.5).astype(int), g, y_score=s, random_state=0, n_boot=100)
    row = result.by_group().xs("a", level="group").iloc[0]
    assert row["auc"] == 0.5
    assert row["auc_note"] == "not reported: DeLong's variance is 0 at an AUC of 0.5"
