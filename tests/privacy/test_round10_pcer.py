"""PCER: one range for η on every face (a subnormal η overflowed R_g/η and PCER was called
undefined for a false reason); undefined reasons that are true and end their sentence; file
refusals that name the user's column and the file's line."""

import dataclasses
import math
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import UNDEFINED, MetricEstimate
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit, read_split
from ethiclens.privacy._pcer import _result_undefined_reason, _undefined_reason, interpret


def _splits(seed=0, n=400, all_positive=False):
    rng = np.random.default_rng(seed)

    def split(name):
        g = rng.choice(["A", "B"], n)
        y = np.ones(n, int) if all_positive else rng.integers(0, 2, n)
        p = np.ones(n, int) if all_positive else rng.integers(0, 2, n)
        return SplitPredictions(y, p, g, loss=rng.random(n), name=name)

    return split("train"), split("test")


def _frame(split):
    return pd.DataFrame(
        {"race": split.groups, "y": split.y_true, "pred": split.y_pred, "loss": split.loss}
    )


@pytest.mark.parametrize("eta", [1e-320, 1e-13, 0.0, -1e-3, 1.0, float("nan"), float("inf")])
def test_an_eta_outside_the_range_is_refused_by_the_python_api(eta):
    train, test = _splits()
    with pytest.raises(EthicLensInputError, match=r"argument 'eta'.*from 1e-12 up to"):
        pcer_audit(train, test, eta=eta, n_boot=100)
    with pytest.raises(EthicLensInputError, match=r"argument 'eta'.*from 1e-12 up to"):
        membership_inference(train, test, eta=eta)


def test_the_smallest_eta_gives_finite_pcer_and_no_numpy_warning():
    # every group predicted positive on test with δ_g = 0: R_g/η is as large as it gets
    train, test = _splits(all_positive=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = pcer_audit(train, test, eta=1e-12, n_boot=200)
    for row in result.groups:
        assert row.delta == 0 and math.isclose(row.pcer, 1e12)
        assert row.estimates["pcer"].status != UNDEFINED
    assert result.delta_pcer == 0.0 and result.estimates["delta_pcer"].ci_low is not None


def test_the_cli_refuses_a_tiny_eta_naming_the_flag(tmp_path, capsys):
    train, test = _splits()
    _frame(train).to_csv(tmp_path / "tr.csv", index=False)
    _frame(test).to_csv(tmp_path / "te.csv", index=False)
    args = ["pcer", "audit", "--train", str(tmp_path / "tr.csv"), "--test"]
    args += [str(tmp_path / "te.csv"), "--y-true", "y", "--y-pred", "pred", "--protected", "race"]
    assert main([*args, "--eta", "1e-320"]) == 2
    err = capsys.readouterr().err
    assert "option '--eta'" in err and "from 1e-12 up to (not including) 1" in err
    assert len(err.strip().splitlines()) == 1
    assert main([*args, "--eta", "1e-12", "--n-boot", "100"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_an_undefined_reason_is_the_true_one():
    rows = np.array([5, 5, 5, 5])
    # a group with train and test rows is never said to have "no test rows"
    assert "no test rows" not in _undefined_reason("pcer", "A", rows, rows)
    assert "no train rows" in _undefined_reason("pcer", "A", np.zeros(4), rows)
    assert "no test rows" in _undefined_reason("pcer", "A", rows, np.zeros(4))
    no_pos = np.array([0, 5, 0, 5])
    assert "no positive labels" in _undefined_reason("tpr_test", "A", rows, no_pos)
    assert "no negative labels" not in _undefined_reason("tpr_test", "A", rows, no_pos)
    no_neg = np.array([5, 0, 5, 0])
    assert "no negative labels" in _undefined_reason("fpr_test", "A", rows, no_neg)


def _undefined_head(result, reason):
    """``result`` with ΔPCER undefined for ``reason`` (no valid η can make it so: the case is
    the wording's, not the arithmetic's)."""
    estimates = dict(result.estimates)
    estimates["delta_pcer"] = MetricEstimate(None, None, None, "none", UNDEFINED, reason)
    return dataclasses.replace(result, delta_pcer=None, estimates=estimates)


def test_the_undefined_sentence_ends_before_the_next_one():
    train, test = _splits(all_positive=True)  # δ_g = 0: the floor-dominated sentence follows
    result = _undefined_head(pcer_audit(train, test, n_boot=100), "group A has no test rows")
    text = interpret(result)
    assert text.startswith("ΔPCER is undefined: group A has no test rows. Every group's"), text
    assert ".." not in interpret(_undefined_head(result, "group A has no test rows."))


def test_the_delta_pcer_reason_names_the_groups_own_reason():
    train, test = _splits()
    rows = pcer_audit(train, test, n_boot=100).groups
    bad = dataclasses.replace(rows[0], pcer=float("nan"))
    bad.estimates = {
        **bad.estimates,
        "pcer": MetricEstimate(None, None, None, "none", UNDEFINED, "group A has no test rows"),
    }
    reason = _result_undefined_reason("delta_pcer", [bad, rows[1]])
    assert reason == "PCER_g is undefined: group A has no test rows"


def _audit_files(tmp_path, train_frame, *extra):
    train, test = _splits()
    train_frame.to_csv(tmp_path / "tr.csv", index=False)
    _frame(test).to_csv(tmp_path / "te.csv", index=False)
    args = ["pcer", "audit", "--train", str(tmp_path / "tr.csv"), "--test"]
    args += [str(tmp_path / "te.csv"), "--y-true", "y", "--y-pred", "pred", "--protected", "race"]
    return main([*args, *extra])


def test_a_missing_prediction_names_the_users_column_and_the_files_line(tmp_path, capsys):
    frame = _frame(_splits()[0]).astype({"pred": float})
    frame.loc[[2, 5], "pred"] = np.nan
    assert _audit_files(tmp_path, frame) == 2
    err = capsys.readouterr().err
    assert "column 'pred'" in err and "y_pred" not in err, err
    assert "2 missing value(s), first at tr.csv line 4" in err, err


@pytest.mark.parametrize(
    ("bad", "words"), [(np.nan, "NaN or infinite"), (-1.0, "negative"), ("high", "not numbers")]
)
def test_a_bad_loss_is_named_by_its_column_and_the_files_line(tmp_path, capsys, bad, words):
    frame = _frame(_splits()[0]).rename(columns={"loss": "xent"}).astype({"xent": object})
    frame.loc[3, "xent"] = bad
    assert _audit_files(tmp_path, frame, "--loss", "xent") == 2
    err = capsys.readouterr().err
    assert "column 'xent'" in err and words in err and "first at tr.csv line 5" in err, err
    assert "row 3" not in err


def test_read_split_without_a_line_namer_names_the_row_of_the_file(tmp_path):
    frame = _frame(_splits()[0])
    frame.loc[1, "loss"] = -2.0
    frame.to_csv(tmp_path / "tr.csv", index=False)
    cols = {"y_true": "y", "y_pred": "pred", "protected": "race", "loss": "loss"}
    with pytest.raises(EthicLensInputError, match=r"column 'loss'.*first at row 1 of .*tr\.csv"):
        read_split(tmp_path / "tr.csv", name="train", **cols)


def test_pcer_train_refuses_a_tiny_eta_before_training(capsys, monkeypatch):
    import ethiclens.experiments._pcer_commands as commands
    from ethiclens.cli import main

    def no_training(*args, **kwargs):
        raise AssertionError("the data were prepared for training before --eta was checked")

    monkeypatch.setattr(commands, "prepare", no_training)
    assert main(["pcer", "train", "adult", "--eta", "1e-320", "--epsilon", "1"]) == 2
    err = capsys.readouterr().err
    assert "option '--eta'" in err and "1e-12" in err and "Traceback" not in err


@pytest.mark.parametrize("etas", [(1e-320,), (5.0,), (0.0,), (-1,), ("x",), 1e-3, "1e-3"])
def test_each_floor_constant_of_the_sensitivity_analysis_is_checked(etas):
    # etas=(0,) divided by zero, (1e-320,) called PCER undefined, (5,) reported numbers
    train, test = _splits()
    with pytest.raises(EthicLensInputError, match="argument 'etas'"):
        pcer_audit(train, test, etas=etas, n_boot=100)


def test_eta_is_kept_as_the_float_checked_so_the_result_writes_json():
    import json

    train, test = _splits()
    result = pcer_audit(train, test, eta=np.float32(1e-3), n_boot=100)
    assert type(result.eta) is float
    json.dumps(result.to_dict())
    attack = membership_inference(train, test, eta=np.float32(1e-3))
    assert type(attack.eta) is float
