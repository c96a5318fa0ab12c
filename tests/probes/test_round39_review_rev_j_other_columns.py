"""Round 39 review (rev_j) of 890e7362: the note on flipped rows that differ from their observed
record in another column.

After 890e7362 a nullable text column (pandas "string") holding a missing value on one side of
a pair crashed analyze_counterfactuals with "TypeError: boolean value of NA is ambiguous", and
predictions passed as an array (or a renamed Series) named the frame's own prediction column
as a changed feature. Now pd.NA compares as missing and the analysed predictions' column is not
named; an edited nullable column is still noted.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


def _scored(**extra):
    rng = np.random.default_rng(0)
    records = pd.DataFrame({"sex": rng.choice(["F", "M"], 40), **extra})
    frame = make_counterfactuals(records, "sex")
    frame["pred"] = rng.integers(0, 2, len(frame))
    return frame


def _notes(frame, y_pred):
    result = analyze_counterfactuals(frame, y_pred, n_boot=100)
    return [n for n in result.notes if "differ from their observed record" in n]


def test_a_missing_text_value_on_one_side_is_a_change_not_a_crash():
    frame = _scored(w=pd.array(["x", None] * 20, dtype="string"))
    frame.loc[frame["_cf_source"] != frame["_cf_target"], "w"] = pd.NA
    (note,) = _notes(frame, frame["pred"])
    assert "['w']" in note


def test_predictions_given_as_an_array_do_not_name_their_column():
    frame = _scored(age=np.arange(40))
    assert _notes(frame, frame["pred"].to_numpy()) == []
    assert _notes(frame, frame["pred"].rename("p")) == []
