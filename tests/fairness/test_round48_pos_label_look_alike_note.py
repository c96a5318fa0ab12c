"""Round 48 (holdout): with pos_label 'Yes', label values 'yes' and 'YES ' were counted as
negative and the note listed them among the negatives without saying that they differ from
'Yes' only in case or spaces. The note (one rule, fairness.negative_values_notes: the
terminal's warning, the JSON's notes, the HTML report the web shows) now asks 'did you mean
'Yes'?' naming them, masked as the note is."""

import html
import json
import warnings

import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.fairness import negative_values_notes
from ethiclens.report import render_html

HINT = "did you mean 'Yes'? 'YES ', 'yes' differ from it only in case or spaces"


def _frame() -> pd.DataFrame:
    y = ["Yes", "No", "yes", "YES ", "No"] * 8
    return pd.DataFrame({"g": list("AB") * 20, "y": y, "p": ["Yes", "No", "No", "Yes"] * 10})


def test_python_note_json_and_html_say_the_look_alikes():
    df = _frame()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = audit(df.y, df.p, df.g, pos_label="Yes")
    notes = result.to_dict()["data"]["provenance"]["notes"]
    assert len(notes) == 1 and HINT in notes[0], notes
    assert "'No' (16 rows), 'YES ' (8 rows), 'yes' (8 rows)" in notes[0], notes
    assert any(HINT in str(w.message) for w in caught)
    page = render_html(result)  # escaped as every user string is
    assert HINT in html.unescape(page) and "did you mean &#39;Yes&#39;?" in page


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_cli_warning_and_json_say_them_on_every_engine(tmp_path, capsys, engine):
    path, out = tmp_path / "d.parquet", tmp_path / "r.json"
    _frame().to_parquet(path)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    code = main([*argv, "--pos-label", "Yes", "--engine", engine, "--json", str(out)])
    assert code in (0, 1)
    assert HINT in capsys.readouterr().err
    notes = json.loads(out.read_text())["data"]["provenance"]["notes"]
    assert any(HINT in n for n in notes), notes


def test_one_look_alike_alone_is_noted_and_a_secret_is_masked():
    rows = pd.Series({"Yes": 3, "yes": 2})
    (note,) = negative_values_notes({"y": rows}, "Yes")
    assert "did you mean 'Yes'? 'yes' differs from it" in note, note
    rows = pd.Series({"password=hunter2": 3, "PASSWORD=hunter2 ": 2, "no": 1})
    (note,) = negative_values_notes({"y": rows}, "password=hunter2")
    assert "hunter2" not in note and "did you mean" in note, note


def test_no_hint_without_a_look_alike():
    rows = pd.Series({"Yes": 3, "No": 2, "Maybe": 1})
    (note,) = negative_values_notes({"y": rows}, "Yes")
    assert "did you mean" not in note, note
