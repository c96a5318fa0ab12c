"""Round 47: with labels or predictions yes/no/maybe and pos_label='yes', a file audit (CLI,
web, JSON) said "only 'yes' is positive; the other values were all counted as negative: ...",
but the Python face on arrays (ethiclens.audit, compare, threshold_table, audit_counts) said
nothing. One rule (fairness.negative_values_notes) now gives every face the note, in the same
words: in the result's data.provenance.notes and as a warning."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.fairness import audit_counts, compare, threshold_table


def _frame(n=300):
    r = np.random.default_rng(5)
    p = np.where(r.random(n) < 0.4, "yes", "no").astype(object)
    p[:45] = "maybe"
    y = np.where(r.random(n) < 0.4, "yes", "no").astype(object)
    y[45:60] = "maybe"
    return pd.DataFrame({"g": r.choice(["a", "b"], n), "y": y, "p": p, "s": r.random(n)})


def _note(column, frame, role_column):
    n_no = int((frame[role_column] == "no").sum())
    n_maybe = int((frame[role_column] == "maybe").sum())
    return (
        f"column {column!r}: only 'yes' is positive; the other values were all counted as "
        f"negative: 'maybe' ({n_maybe} rows), 'no' ({n_no} rows)"
    )


def _counts(d):
    cells = d.groupby(["g", "y", "p"]).size().rename("count").reset_index()
    return audit_counts(
        cells.rename(columns={"y": "y_true", "p": "y_pred"}), protected=["g"], pos_label="yes"
    )


FACES = {
    "audit": lambda d: ethiclens.audit(d.y, d.p, d[["g"]], pos_label="yes"),
    "audit_arrays": lambda d: ethiclens.audit(list(d.y), d.p.to_numpy(), d[["g"]], pos_label="yes"),
    "compare": lambda d: compare(
        d.y, d.p, d.p.replace({"maybe": "yes"}), d[["g"]], pos_label="yes"
    ),
    "threshold_table": lambda d: threshold_table(d.y, d.s, d[["g"]], pos_label="yes"),
    "audit_counts": _counts,
}
WANT = {
    "audit": [("y (y_true)", "y"), ("p (y_pred)", "p")],
    "audit_arrays": [("y_true", "y"), ("y_pred", "p")],
    "compare": [("y (y_true)", "y"), ("p (pred_a)", "p")],
    "threshold_table": [("y (y_true)", "y")],
    "audit_counts": [("y_true", "y"), ("y_pred", "p")],
}


@pytest.mark.parametrize("face", FACES)
def test_every_python_face_notes_the_values_counted_negative(face):
    d = _frame()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = FACES[face](d)
    want = [_note(column, d, role_column) for column, role_column in WANT[face]]
    assert result.data["provenance"]["notes"] == want, result.data
    assert [str(w.message) for w in caught if "counted as negative" in str(w.message)] == want
    assert json.loads(result.to_json())["data"]["provenance"]["notes"] == want


def test_two_values_get_no_note():
    d = _frame()
    d["y"], d["p"] = d.y.replace({"maybe": "no"}), d.p.replace({"maybe": "no"})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no note, no warning
        result = ethiclens.audit(d.y, d.p, d[["g"]], pos_label="yes")
    assert "notes" not in result.data["provenance"]


def test_the_file_and_the_arrays_say_the_same_words(tmp_path, capsys):
    d = _frame()
    d.to_csv(tmp_path / "d.csv", index=False)
    args = ["--y-true", "y", "--protected", "g", "--pos-label", "yes", "--n-boot", "100"]
    out = tmp_path / "o.json"
    assert main(["audit", str(tmp_path / "d.csv"), *args, "--y-pred", "p", "--json", str(out)]) == 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        arrays = ethiclens.audit(d.y, d.p, d[["g"]], pos_label="yes", n_boot=100)
    filed = json.loads(out.read_text())["data"]["provenance"]["notes"]
    assert filed == arrays.data["provenance"]["notes"]
    capsys.readouterr()
    # the threshold view of the file: its labels' note, said once, in the JSON too
    assert (
        main(["thresholds", str(tmp_path / "d.csv"), *args, "--y-score", "s", "--json", str(out)])
        == 0
    )
    err = [x for x in capsys.readouterr().err.splitlines() if "counted as negative" in x]
    assert err == [f"warning: {_note('y (y_true)', d, 'y')}"], err
    assert json.loads(out.read_text())["data"]["provenance"]["notes"] == [
        _note("y (y_true)", d, "y")
    ]


def test_bytes_labels_are_named_as_the_text_they_are_read_as():
    d = _frame()
    y, p = (np.array([v.encode() for v in d[c]]) for c in ("y", "p"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = ethiclens.audit(y, p, d[["g"]], pos_label=b"yes", n_boot=100)
    want = [_note("y_true", d, "y"), _note("y_pred", d, "p")]  # 'maybe', not "b'maybe'"
    assert result.data["provenance"]["notes"] == want
