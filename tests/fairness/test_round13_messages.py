"""Round 13: a score column given as the predictions is said to look like scores, with fixes
that work, in one text on every engine; a long list of values says how many there are."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _scores_frame(n=400, seed=7) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "grp": r.choice(["a", "b"], n),
            "y": r.integers(0, 2, n),
            "s": np.round(r.random(n), 3),
        }
    )


def test_a_score_column_as_predictions_is_said_to_look_like_scores():
    """'is not binary 0/1: found values ['0.003', ...]. Fix: ... declare which value is the
    positive label': the first 10 of hundreds of values, unsaid, and --pos-label 0.003 only
    gave another refusal."""
    frame = _scores_frame()
    n = frame["s"].nunique()
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(frame["y"], frame["s"], frame["grp"], n_boot=100)
    text = str(exc.value)
    assert text.startswith("column 's (y_pred)': looks like scores"), text
    assert f"{n} distinct numbers in [0, 1]" in text
    assert "threshold it into a 0/1 column" in text and "--y-score" in text
    assert "pos_label" not in text


def test_scores_as_labels_are_not_told_to_pass_them_as_scores():
    frame = _scores_frame()
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(frame["s"], frame["y"], frame["grp"], n_boot=100)
    text = str(exc.value)
    assert "looks like scores, not 0/1 labels" in text and "--y-score" not in text, text


def test_a_long_list_of_non_binary_values_says_how_many():
    values = pd.Series(np.arange(30), name="p")
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(values % 2, values, np.arange(30) % 2, n_boot=100)
    assert "(the first 10 of 30 distinct values)" in str(exc.value), exc.value


def test_three_labels_keep_the_documented_refusal():
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit([0, 1, 2, 1], [0, 1, 1, 0], ["a", "a", "b", "b"], n_boot=100)
    text = str(exc.value)  # the fix is pcer audit's and p2nia release's, plus --pos-label
    assert "is not binary 0/1: found values 0, 1, 2. Fix: drop those rows or " in text
    assert "correct their values to 0/1" in text and "--pos-label" in text, text


def test_the_scores_refusal_is_one_text_on_every_engine(tmp_path, capsys):
    frame = _scores_frame()
    csv = tmp_path / "c7s.csv"
    frame.to_csv(csv, index=False)
    db = tmp_path / "d.sqlite"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    con.close()
    args = ["--y-true", "y", "--y-pred", "s", "--protected", "grp", "--n-boot", "100"]
    got = {}
    for face, where in {
        "pandas": [str(csv), "--engine", "pandas"],
        "duckdb": [str(csv), "--engine", "duckdb"],
        "sqlite": ["--db", f"sqlite:///{db}", "--table", "t"],
    }.items():
        code = main(["audit", *where, *args])
        got[face] = (code, capsys.readouterr().err.strip())
    # round 50: the database's fix names its table where a file's names the file
    got["sqlite"] = (got["sqlite"][0], got["sqlite"][1].replace(" in the table", " in the file"))
    assert got["pandas"] == got["duckdb"] == got["sqlite"], got
    assert got["pandas"][0] == 2 and "looks like scores" in got["pandas"][1]
