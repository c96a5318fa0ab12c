"""Round 39 (probes): a scored counterfactual table whose flipped copy differs from its observed
record in a column other than the attribute is no longer analysed in silence.

Before, editing one record's age (999 for 32) in a make-counterfactuals table, or scoring the
flipped copies with other feature values, gave flip rates as if only the attribute changed,
with the note "This probe changes only the protected attribute". Now the result notes the
columns that changed and the first row, on the Python and the command-line faces; a table
scored as written (prediction and score columns added) has no such note.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.cli import main
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


def _scored(score=False):
    rng = np.random.default_rng(0)
    records = pd.DataFrame({"sex": rng.choice(["F", "M"], 60), "age": rng.integers(18, 80, 60)})
    frame = make_counterfactuals(records, "sex")
    frame["pred"] = rng.integers(0, 2, len(frame))
    if score:
        frame["score"] = rng.random(len(frame))
    return frame


def _notes(frame):
    result = analyze_counterfactuals(frame, frame["pred"], n_boot=100)
    return [n for n in result.notes if "differ from their observed record" in n]


def test_a_table_scored_as_written_has_no_note():
    assert _notes(_scored()) == []


def test_an_edited_feature_is_noted_by_name_and_row():
    frame = _scored()
    frame.loc[3, "age"] = 999  # an observed record's age edited after make-counterfactuals
    (note,) = _notes(frame)
    assert "['age']" in note and "first at row 60" in note


def test_a_score_column_not_passed_as_y_score_is_named():
    (note,) = _notes(_scored(score=True))
    assert "['score']" in note and "y_score" in note


def test_the_command_line_notes_it(tmp_path, capsys):
    frame = _scored()
    frame.loc[frame["_cf_source"] != frame["_cf_target"], "age"] += 1
    path = tmp_path / "scored.csv"
    frame.to_csv(path, index=False)
    args = ["probe", "analyze-counterfactuals", str(path), "--y-pred", "pred"]
    assert main([*args, "--n-boot", "100"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "differ from their observed record in ['age']" in out
