"""Round 44 review (fairness): a group's undefined AUC said "the group has no positive or no
negative labels" (by_group's auc_note) or "AUC or its variance undefined" (group_auc), not
which label the group lacks. Both now name it, as the TPR/FPR reasons do."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.fairness import audit, group_auc


@pytest.mark.parametrize(("label", "missing"), [(1, "negative"), (0, "positive")])
def test_an_undefined_auc_names_the_missing_label(label, missing):
    rng = np.random.default_rng(1)
    n = 400
    g = np.array(["a"] * 390 + ["b"] * 10)
    y, s = rng.integers(0, 2, n), rng.random(n)
    y[g == "b"] = label
    result = audit(y, (s > 0.5).astype(int), g, y_score=s, n_boot=100, random_state=0)
    note = result.by_group().loc[("sensitive_feature_0", "b"), "auc_note"]
    assert note == f"AUC undefined (the group has no {missing} labels)"
    method = group_auc(y, s, g).loc[("sensitive_feature_0", "b"), "auc_ci_method"]
    assert method == f"not reported: AUC undefined (the group has no {missing} labels)"
