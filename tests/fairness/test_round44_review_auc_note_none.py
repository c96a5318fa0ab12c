"""Round 44 review (fairness): ``by_group()["auc_note"]`` is documented as None where the AUC
and its interval are both there, but beside one group's note (a group with one label only)
pandas 3 read the column as text and wrote NaN for every other group. Now None, as
documented, whether or not another group has a note."""

from __future__ import annotations

import numpy as np

from ethiclens.fairness import audit


def test_auc_note_is_none_beside_another_groups_note():
    rng = np.random.default_rng(0)
    n = 600
    g = np.array(["a"] * 300 + ["b"] * 290 + ["c"] * 10)
    y, s = rng.integers(0, 2, n), rng.random(n)
    y[g == "c"] = 1  # group c has no negative labels: its AUC is undefined, with a note
    result = audit(y, (s > 0.5).astype(int), g, y_score=s, n_boot=100, random_state=0)
    notes = result.by_group()["auc_note"].tolist()
    assert notes[0] is None and notes[1] is None, notes
    assert isinstance(notes[2], str) and notes[2].startswith("AUC undefined")
    assert result.by_group("sensitive_feature_0", intervals=False)["auc_note"].tolist()[:2] == [
        None,
        None,
    ]
