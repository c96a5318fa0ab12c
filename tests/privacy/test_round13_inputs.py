"""PCER's 0/1 columns: a stray value is named (with how many rows and the first line), the real
0/1 values never are (a column read as text because of one word still holds them), and the fix
drops or corrects the stray rows, or thresholds scores: never a recoding that maps every real
prediction to 0."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import read_split


def _frame(n=40, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["A", "B"], n),
        }
    )


def _audit(tmp_path, test: pd.DataFrame) -> int:
    _frame(seed=1).to_csv(tmp_path / "tr.csv", index=False)
    test.to_csv(tmp_path / "te.csv", index=False)
    args = ["pcer", "audit", "--train", str(tmp_path / "tr.csv"), "--test"]
    args += [str(tmp_path / "te.csv"), "--y-true", "y", "--y-pred", "pred", "--protected", "race"]
    return main(args)


def test_one_stray_word_is_named_and_the_fix_keeps_the_real_predictions(tmp_path, capsys):
    test = _frame().astype({"pred": object})
    test.loc[3, "pred"] = "abc"
    assert _audit(tmp_path, test) == 2
    err = capsys.readouterr().err
    assert "column 'pred'" in err and "1 row(s) hold other values abc" in err, err
    assert "te.csv line 5" in err, err  # header is line 1, row 3 is line 5
    assert "'0'" not in err and "'1'" not in err, err  # the real values are not called invalid
    assert "== 'abc'" not in err and "drop those rows" in err, err
    assert len(err.strip().splitlines()) == 1


def test_a_fraction_is_named_and_thresholding_is_offered(tmp_path, capsys):
    test = _frame().astype({"pred": float})
    # fractions in 4 of 40 rows: scores (in 2 rows, 5 %, strays to drop, as the audit says)
    test.loc[[3, 7, 11, 15], "pred"] = [0.7, 0.2, 0.7, 0.2]
    assert _audit(tmp_path, test) == 2
    err = capsys.readouterr().err
    assert "4 row(s) hold other values 0.7, 0.2" in err and "te.csv line 5" in err, err
    assert "== 0.7" not in err and "np.float64" not in err, err
    assert "(df['pred'] >= 0.5).astype(int)" in err, err


def test_a_number_outside_0_1_is_not_offered_a_threshold(tmp_path):
    test = _frame()
    test.loc[2, "y"] = 2
    test.to_csv(tmp_path / "te.csv", index=False)
    with pytest.raises(EthicLensInputError) as info:
        read_split(tmp_path / "te.csv", name="test", y_true="y", y_pred="pred", protected="race")
    exc = info.value
    assert exc.column == "y" and "other values 2" in exc.problem, exc
    assert "first at row 2" in exc.problem, exc
    assert ">= 0.5" not in exc.fix and "== 2" not in exc.fix, exc.fix


def test_0_1_as_text_alone_is_refused_with_a_recoding_that_keeps_them(tmp_path):
    test = _frame().astype({"pred": str})
    test.to_parquet(tmp_path / "te.parquet")  # a string column of Parquet keeps its type
    with pytest.raises(EthicLensInputError) as info:
        read_split(
            tmp_path / "te.parquet", name="test", y_true="y", y_pred="pred", protected="race"
        )
    assert "as text" in info.value.problem and "astype(int)" in info.value.fix, info.value
