"""Engine parity, round 16: `counts` refuses a non-binary label in `audit`'s words, one counts
file (bytes) on every engine, and the refusals' words and places."""

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FAST = ["pandas", "duckdb", "dask"]
ENGINES = [*FAST, pytest.param("spark", marks=pytest.mark.slow)]


def _frame(n: int = 40) -> pd.DataFrame:
    return pd.DataFrame(
        {"g": ["a", "b"] * (n // 2), "y": [0, 1, 1, 0] * (n // 4), "p": [1, 1, 0, 0] * (n // 4)}
    )


def _last_error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", FAST)
def test_counts_refuses_labels_0_1_2_in_the_audits_words(tmp_path, capsys, engine):
    """counts said "must be 0/1: 1 row(s) hold ['2'] … Fix: drop or correct those rows" where
    audit says "is not binary 0/1: found values ['0', '1', '2']": now counts says the audit's
    words, with its rows and line, and a fix that counts can follow (it has no --pos-label)."""
    frame = _frame().astype({"y": object})
    frame.loc[3, "y"] = 2
    frame.to_csv(tmp_path / "lab2.csv", index=False)
    argv = ["counts", str(tmp_path / "lab2.csv"), *ROLES, "--engine", engine]
    assert main([*argv, "--out", str(tmp_path / "o.csv")]) == 2
    err = _last_error(capsys)
    assert err.startswith(
        "error: column 'y (y_true)': is not binary 0/1: found values ['0', '1', '2']; "
    ), err
    assert "1 row(s) hold ['2'], first at lab2.csv line 5 (value '2')" in err, err
    assert "Fix: recode it to 0/1, then count again" in err and "--pos-label" in err, err
    assert not (tmp_path / "o.csv").exists()
    audit = ["audit", str(tmp_path / "lab2.csv"), *ROLES, "--engine", engine]
    assert main(audit) == 2
    assert "is not binary 0/1: found values ['0', '1', '2']" in _last_error(capsys)


@pytest.mark.parametrize("engine", FAST)
def test_counts_refuses_probabilities_as_predictions_in_the_audits_words(tmp_path, capsys, engine):
    frame = _frame()
    frame["p"] = [round(0.013 * i, 3) for i in range(1, 41)]
    frame.to_csv(tmp_path / "prob.csv", index=False)
    argv = ["counts", str(tmp_path / "prob.csv"), *ROLES, "--engine", engine]
    assert main([*argv, "--out", str(tmp_path / "o.csv")]) == 2
    err = _last_error(capsys)
    assert "column 'p (y_pred)': looks like scores, not 0/1 predictions: 40 distinct" in err, err
    assert "40 row(s) hold such values, first at prob.csv line 2 (value '0.013')" in err, err
    assert "Fix: threshold it into a 0/1 column" in err and "--y-score" in err, err
