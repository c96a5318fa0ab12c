"""Round 21: ``ethiclens audit`` of a 0/1 label or prediction column with one stray value.

A stray 1.5 got the drop-rows advice but named no row (``pcer audit`` and ``counts`` name it);
a stray 0.5 was said to look like scores, with the threshold advice that suits a column of
scores, not a 0/1 column with one bad row. Both now name their first row by its file line,
in one text on every engine (a database names the value: it has no row order), and a real
column of scores keeps the threshold advice.
"""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main

N, BAD = 40, 9  # the stray value is data row 10: CSV line 11
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
FILE_ENGINES = ["pandas", "duckdb"]


def _frame(column: str, stray) -> pd.DataFrame:
    frame = pd.DataFrame(
        {
            "y": [1.0, 0.0] * (N // 2),
            "p": [1.0, 1.0, 0.0, 0.0] * (N // 4),
            "g": ["A", "B"] * (N // 2),
        }
    )
    frame.loc[BAD, column] = stray
    return frame


def _said(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main(argv)
    lines = [x for x in capsys.readouterr().err.splitlines() if x.startswith("error:")]
    return code, lines[-1] if lines else ""


def _refusals(tmp_path, capsys, frame) -> dict:
    """The refusal of the frame's audit on each file engine and from a SQLite table."""
    csv = tmp_path / "preds.csv"
    frame.to_csv(csv, index=False)
    db = tmp_path / "preds.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    said = {e: _said(capsys, ["audit", str(csv), *ROLES, "--engine", e]) for e in FILE_ENGINES}
    code, text = _said(capsys, ["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES])
    # round 50: a database's fix names its table where a file's names the file
    said["sqlite"] = (code, text.replace(" in the table", " in the file"))
    return said


@pytest.mark.parametrize(("column", "role"), [("p", "y_pred"), ("y", "y_true")])
@pytest.mark.parametrize("stray", [1.5, 0.5])
def test_a_stray_label_is_refused_naming_its_row_on_every_engine(
    tmp_path, capsys, column, role, stray
):
    pytest.importorskip("duckdb")
    said = _refusals(tmp_path, capsys, _frame(column, stray))
    assert all(code == 2 for code, _ in said.values()), said
    texts = {e: text for e, (_, text) in said.items()}
    assert len({texts[e] for e in FILE_ENGINES}) == 1, texts
    text = texts["pandas"]
    assert text.startswith(f"error: column '{column} ({role})': is not binary 0/1"), text
    assert f"1 row(s) hold {stray}, first at preds.csv line 11 (value '{stray}')" in text
    assert "Fix: drop those rows or correct their values to 0/1" in text, text
    assert "threshold" not in text, text
    # a database has no row order: the same words, its value but no line
    assert texts["sqlite"] == text.replace(", first at preds.csv line 11", ""), texts


def test_a_column_of_scores_keeps_the_threshold_advice(tmp_path, capsys):
    """0, 0.5 and 1 each in a third of the rows: scores, on every engine alike."""
    frame = _frame("p", 0.0)
    frame["p"] = [0.0, 0.5, 1.0, 0.5] * (N // 4)
    said = _refusals(tmp_path, capsys, frame)
    assert len(set(said.values())) == 1, said
    code, text = said["pandas"]
    assert code == 2 and "looks like scores, not 0/1 predictions" in text, text
    assert "threshold it into a 0/1 column" in text and "first at" not in text, text


@pytest.mark.parametrize("engine", FILE_ENGINES)
def test_a_pos_label_still_reads_a_stray_value_as_negative(tmp_path, capsys, engine):
    """With --pos-label, every value but the positive one is negative: nothing to refuse."""
    pytest.importorskip("duckdb")
    csv = tmp_path / "preds.csv"
    _frame("p", 1.5).to_csv(csv, index=False)
    code, text = _said(capsys, ["audit", str(csv), *ROLES, "--engine", engine, "--pos-label", "1"])
    assert code in (0, 1), text
