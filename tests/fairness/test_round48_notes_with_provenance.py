"""Round 48: ethiclens.audit and compare said a label's other values 'counted as negative'
only when called without provenance=: with the caller's own (provenance={'dataset': 'x'}, the
way a card's fields are given) the note was neither warned nor written in
data.provenance.notes (the JSON, the reports). The note is now added to the caller's
provenance (a caller's own 'notes' kept before it, a text as one note); a face that read a
file and noted it already does not say it twice."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import ethiclens
from ethiclens.fairness import compare

FRAME = pd.DataFrame({"y": ["yes", "no", "maybe"] * 40, "g": ["a", "b"] * 60})
PRED = pd.Series(["yes", "no", "no", "yes"] * 30)
PRED_B = pd.Series(["no", "yes", "yes", "no"] * 30)
NOTE = (
    "column 'y (y_true)': only 'yes' is positive; the other values were all counted as "
    "negative: 'maybe' (40 rows), 'no' (40 rows)"
)
FACES = {
    "audit": lambda prov: ethiclens.audit(
        FRAME.y, PRED, FRAME[["g"]], pos_label="yes", provenance=prov
    ),
    "compare": lambda prov: compare(
        FRAME.y,
        PRED,
        PRED_B,
        FRAME[["g"]],
        pos_label="yes",
        provenance=prov,
    ),
}


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize(
    "prov, held", [({"dataset": "x"}, []), ({"notes": "mine"}, ["mine"]), (None, [])]
)
def test_the_note_is_said_and_kept_beside_the_callers_provenance(face, prov, held):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = FACES[face](prov)
    assert [str(w.message) for w in caught if "counted as negative" in str(w.message)] == [NOTE]
    assert result.data["provenance"]["notes"] == [*held, NOTE]
    assert result.data["provenance"].get("dataset") == (prov or {}).get("dataset")
