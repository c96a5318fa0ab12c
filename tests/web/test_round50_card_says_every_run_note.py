"""Round 50 review: the web's verdict card showed an audit's missing-code and look-alike notes
but none of the run's other notes (``data.provenance.notes``: a label's other values counted as
negative, ...), which the terminal warns and the HTML report prints: the card said less than
the other faces. It now shows every run note, each once (a look-alike note in the form's words
only, not again in the command line's)."""

import warnings

import pandas as pd

import ethiclens
from ethiclens.fairness import in_face_words
from ethiclens.web._jobs import notes_of

ROWS = pd.DataFrame(
    {
        "y": ["yes", "no", "maybe", "yes"] * 30,
        "p": ["yes", "no", "no", "yes", "no", "yes"] * 20,
        "sex": ["Male", "male", "Female", "Male"] * 30,
    }
)


def test_the_card_shows_every_run_note_once():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = ethiclens.audit(ROWS.y, ROWS.p, ROWS[["sex"]], pos_label="yes", n_boot=100)
    in_face_words(result, {"--merge-groups": "the field Merge groups"})  # as the web asks
    held = result.data["provenance"]["notes"]
    negative = [n for n in held if "negative" in n]
    notes = notes_of(result)
    assert negative and all(n in notes for n in negative)  # 'maybe' counted as negative
    alike = [n for n in notes if "differ only in letter case" in n]
    assert len(alike) == 1 and alike[0].endswith("the field Merge groups: sex=Male,male:Male")
