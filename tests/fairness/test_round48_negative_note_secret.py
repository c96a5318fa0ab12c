"""Round 48: a label value holding a password ('postgresql://u:pw@h/db') with pos_label='yes'
was printed unmasked by the Python face's 'counted as negative' UserWarning and written so in
the result's data.provenance.notes (the JSON, the reports), while the command line masked its
warning line. The one rule making the note (fairness.negative_values_notes) masks it now, for
every face that says or writes it."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import ethiclens
from ethiclens.fairness import compare, threshold_table

URL = "postgresql://u:pw@h/db"


def _frame():
    return pd.DataFrame(
        {
            "g": ["a", "b"] * 30,
            "y": ["yes", "no", URL] * 20,
            "p": ["yes", "no", "no"] * 20,
            "s": [0.1, 0.5, 0.9] * 20,
        }
    )


FACES = {
    "audit": lambda d: ethiclens.audit(d.y, d.p, d[["g"]], pos_label="yes"),
    "compare": lambda d: compare(
        d.y, d.p, d.p.iloc[::-1].reset_index(drop=True), d[["g"]], pos_label="yes"
    ),
    "threshold_table": lambda d: threshold_table(d.y, d.s, d[["g"]], pos_label="yes"),
}


@pytest.mark.parametrize("face", FACES)
def test_negative_values_note_masks_a_password(face):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = FACES[face](_frame())
    said = [str(w.message) for w in caught if "counted as negative" in str(w.message)]
    assert said and all("pw@" not in s and "u:***@h/db" in s for s in said)
    assert "pw@" not in result.to_json() and "counted as negative" in result.to_json()
