"""Round 48 (holdout data as a spreadsheet exports it): numbers written with separators
('17,000', a decimal comma '0,73', '1.234,5') were refused as not numbers with a fix that
missed the point: a binned column was told "drop --bins for a categorical attribute" (on every
engine), scores "pass probabilities", weights "pass a numeric weight column". The fix now says
the column holds numbers written with separators, the plain number, and how to save it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens._text import formatted_number
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("text", "plain"),
    [("17,000", "17000"), ("1,234.50", "1234.50"), ("0,73", "0.73"), ("1.234,5", "1234.5")]
    + [("-2,500", "-2500"), ("abc", None), ("1,2,3", None), ("12", None)],
)
def test_formatted_number(text, plain):
    assert formatted_number(text) == plain


def _frame(n=200):
    r = np.random.default_rng(1)
    income = r.integers(1000, 90000, n)
    return pd.DataFrame(
        {
            "g": r.choice(["a", "b"], n),
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "income": [f"{v:,}" for v in income],
            "score": [f"{v:.2f}".replace(".", ",") for v in r.random(n)],
        }
    )


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_binned_column_with_thousands_separators(tmp_path, capsys, engine):
    pytest.importorskip("duckdb")
    path = tmp_path / "d.csv"
    _frame().to_csv(path, index=False)
    args = ["audit", str(path), "--y-true", "label", "--y-pred", "pred", "--protected", "income"]
    assert main([*args, "--bins", "income=0,50000,100000", "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "numbers written with separators" in err, err
    assert "is " in err and "save them as plain numbers" in err


@pytest.mark.parametrize("role", ["y_score", "sample_weight"])
def test_python_scores_and_weights_with_separators(role):
    d = _frame()
    values = d.score if role == "y_score" else d.income
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(d.label, d.pred, d[["g"]], **{role: values})
    first = values.iloc[0]
    assert f"numbers written with separators ({first!r} is {formatted_number(first)})" in str(
        err.value
    )


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(("flag", "column"), [("--y-score", "score"), ("--weight", "income")])
def test_file_scores_and_weights_with_separators(tmp_path, capsys, engine, flag, column):
    pytest.importorskip("duckdb")
    d = _frame()
    path = tmp_path / "d.csv"
    d.to_csv(path, index=False)
    args = ["audit", str(path), "--y-true", "label", "--y-pred", "pred", "--protected", "g"]
    assert main([*args, flag, column, "--engine", engine]) == 2
    err = capsys.readouterr().err
    first = d[column].iloc[0]
    assert f"numbers written with separators ({first!r} is {formatted_number(first)})" in err
