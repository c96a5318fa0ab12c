"""Round 12: every numeric input of the probe commands is checked in one line (text, NaN,
infinity), never a traceback; every probe output refuses a name without its format's suffix
(and standard output) before any work; a model's non-0/1 predictions name the model and what
it returned; a protected column the file lacks is named with the file's columns."""

from __future__ import annotations

import sys

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.cli import main
from ethiclens.probes import (
    analyze_counterfactuals,
    counterfactual,
    inject_bias,
    make_counterfactuals,
)

RECORDS = pd.DataFrame({"g": ["a", "b", "a", "b"] * 5, "x": range(20), "s": ["M", "F"] * 10})


def _error(capsys, argv) -> str:
    """The one-line refusal of ``argv`` (exit 2)."""
    code = main([str(a) for a in argv])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert "\n" not in err and "Traceback" not in err, err
    return err


@pytest.fixture
def scored(tmp_path):
    """A scored make-counterfactuals table: predictions 0/1, scores in [0, 1], a text column."""
    frame = make_counterfactuals(RECORDS, "g")
    frame["pred"] = (frame["x"] % 2).astype(int)
    frame["p"] = 0.25 + 0.5 * frame["pred"]
    path = tmp_path / "scored.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_a_text_score_column_is_one_line_naming_column_value_and_fix(scored, capsys):
    path, _ = scored
    err = _error(
        capsys, ["probe", "analyze-counterfactuals", path, "--y-pred", "pred", "--y-score", "s"]
    )
    assert "column 's (y_score)': scores must be numbers in [0, 1]" in err
    assert "(value: 'M')" in err and "Fix: give the positive class's probability" in err


@pytest.mark.parametrize(
    "bad,shown", [(np.nan, "'missing'"), (np.inf, "inf"), (-np.inf, "-inf"), (1.5, "1.5")]
)
def test_missing_infinite_or_out_of_range_scores_name_the_value(
    scored, tmp_path, capsys, bad, shown
):
    _, frame = scored
    frame.loc[3, "p"] = bad
    path = tmp_path / "bad.csv"
    frame.to_csv(path, index=False)
    err = _error(
        capsys, ["probe", "analyze-counterfactuals", path, "--y-pred", "pred", "--y-score", "p"]
    )
    assert "column 'p (y_score)': scores must be in [0, 1]" in err
    assert "1 is not, first at bad.csv line 5" in err and f"(value: {shown})" in err


# round 49: the audit's words for a column that is not 0/1 ("is not binary 0/1", the fix), a
# missing prediction as every check refuses missing rows (was "predictions must be 0/1")
@pytest.mark.parametrize(
    "bad,shown",
    [
        ("yes", "is not binary 0/1: found values 0, 1, yes; 1 is not"),
        (np.nan, "1 missing prediction(s)"),
        (np.inf, "is not binary 0/1: found values 0.0, 1.0, inf; 1 is not"),
    ],
)
def test_predictions_that_are_not_0_or_1_name_the_first_value(scored, tmp_path, capsys, bad, shown):
    _, frame = scored
    frame["pred"] = frame["pred"].astype(object)
    frame.loc[2, "pred"] = bad
    path = tmp_path / "bad.csv"
    frame.to_csv(path, index=False)
    err = _error(capsys, ["probe", "analyze-counterfactuals", path, "--y-pred", "pred"])
    assert f"column 'pred (y_pred)': {shown}, first at bad.csv line 4" in err, err


def test_mixed_text_and_number_predictions_in_python_are_refused_not_a_type_error(scored):
    _, frame = scored
    pred = [0] * (len(frame) - 1) + ["yes"]
    with pytest.raises(EthicLensInputError, match=r"is not binary 0/1.*value: 'yes'"):
        analyze_counterfactuals(frame, pred)


def test_a_score_list_of_another_length_is_refused(scored):
    _, frame = scored
    with pytest.raises(EthicLensInputError, match="has 3 values for"):
        analyze_counterfactuals(frame, frame["pred"], [0.5, 0.5, 0.5])


@pytest.mark.parametrize(
    "flag,value", [("--di", "nan"), ("--di", "inf"), ("--eo-gap", "nan"), ("--eo-gap", "-inf")]
)
def test_the_oracle_refuses_nan_and_infinity(capsys, flag, value):
    small = ["--n", "200", "--repetitions", "2", "--n-boot", "100"]
    err = _error(capsys, ["oracle", *small, flag, value])
    assert f"option '{flag}': must be a finite number" in err and "Fix: e.g." in err


def test_inject_bias_refuses_text():
    with pytest.raises(
        EthicLensInputError, match="'disparate_impact': must be a finite number, not str"
    ):
        inject_bias(1000, disparate_impact="0.6")


@pytest.mark.parametrize("name", ["f.txt", "f", "f.parquet"])
def test_make_counterfactuals_refuses_an_out_name_it_would_not_write_as(tmp_path, capsys, name):
    data = tmp_path / "rec.csv"
    RECORDS.to_csv(data, index=False)
    out = tmp_path / name
    err = _error(capsys, ["probe", "make-counterfactuals", data, "--protected", "g", "--out", out])
    assert "option '--out': the counterfactual table (a CSV file)'s name must end in .csv" in err
    assert "Fix: e.g. --out f.csv" in err
    assert not out.exists()


def test_make_counterfactuals_writes_a_csv_the_analysis_reads(tmp_path, capsys):
    data = tmp_path / "rec.csv"
    RECORDS.to_csv(data, index=False)
    out = tmp_path / "cf.csv"
    assert (
        main(["probe", "make-counterfactuals", str(data), "--protected", "g", "--out", str(out)])
        == 0
    )
    assert "wrote 40 rows" in capsys.readouterr().out
    assert len(pd.read_csv(out)) == 40


JSON_COMMANDS = pytest.mark.parametrize(
    "argv",
    [
        ["oracle", "--n", "200", "--repetitions", "2", "--n-boot", "100"],
        ["probe", "counterfactual", "compas", "--n-boot", "100"],
        ["probe", "analyze-counterfactuals", "{scored}", "--y-pred", "pred"],
    ],
)


@JSON_COMMANDS
def test_every_json_output_needs_a_json_name(scored, tmp_path, capsys, argv):
    path, _ = scored
    argv = [a.replace("{scored}", str(path)) for a in argv]
    err = _error(capsys, [*argv, "--json", str(tmp_path / "r.txt")])
    assert "option '--json': " in err and "name must end in .json" in err
    assert not (tmp_path / "r.txt").exists()


@JSON_COMMANDS
def test_every_json_output_goes_to_stdout_alone_with_a_dash(
    scored, tmp_path, capsys, monkeypatch, argv
):
    """``--json -``: the JSON, whole, is all standard output holds (as on every other
    command); the summary goes to standard error, and no file named '-' is written."""
    import json

    path, _ = scored
    monkeypatch.chdir(tmp_path)  # where '-' would land as a file
    argv = [a.replace("{scored}", str(path)) for a in argv]
    assert main([*argv, "--json", "-"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) and err.strip()
    assert not (tmp_path / "-").exists()


def test_a_protected_column_the_file_lacks_is_named_with_the_files_columns(tmp_path, capsys):
    data = tmp_path / "rec.csv"
    RECORDS.to_csv(data, index=False)
    argv = [
        "probe",
        "make-counterfactuals",
        data,
        "--protected",
        "nosuch",
        "--out",
        tmp_path / "o.csv",
    ]
    err = _error(capsys, argv)
    assert (
        f"option '--protected': column 'nosuch' not found in {data}" in err
        and "'g', 'x', 's'" in err
    )
    assert "not in X" not in err


class _TextModel:
    def predict(self, X):
        return ["yes"] * len(X)


class _NanScores:
    def predict(self, X):
        return [1] * len(X)

    def predict_proba(self, X):
        return [[0.5, np.nan]] * len(X)


def test_a_model_predicting_text_names_the_model_and_what_it_returned():
    with pytest.raises(EthicLensInputError) as err:
        counterfactual(_TextModel(), RECORDS, "g", n_boot=100)
    text = str(err.value)
    assert "_TextModel's predict() returned 'yes', not 0 or 1" in text
    assert "y_pred" not in text and "predict() must return 0 or 1" in err.value.fix


def test_a_model_with_missing_scores_names_predict_proba():
    with pytest.raises(EthicLensInputError) as err:
        counterfactual(_NanScores(), RECORDS, "g", n_boot=100)
    text = str(err.value)
    assert "_NanScores's predict_proba()[:, 1] must be in [0, 1]" in text and "'missing'" in text
    assert "y_score" not in text


def test_the_cli_names_the_model_entry_point(tmp_path, capsys, monkeypatch):
    (tmp_path / "strmod.py").write_text(
        "class M:\n    def predict(self, X):\n        return ['yes'] * len(X)\n"
        "def load():\n    return M()\n"
    )
    RECORDS.to_csv(tmp_path / "rec.csv", index=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "strmod", raising=False)
    argv = [
        "probe",
        "counterfactual",
        "--model",
        "strmod:load",
        "--data",
        "rec.csv",
        "--attribute",
        "g",
    ]
    err = _error(capsys, argv)
    assert err.startswith("error: option '--model': ") and "strmod:load" in err
    assert "returned 'yes', not 0 or 1" in err and "column 'y_pred'" not in err
