"""Messages name what the user gave: on the command line the option or argument, in Python
the argument, a data column as a column; never "column" for something that is not one, and
always with a fix that the user can apply there."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.datasets import get_entry
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions
from ethiclens.probes import make_counterfactuals, run_oracle


def _error(capsys, argv) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err


@pytest.fixture
def audit_csv(tmp_path):
    rng = np.random.default_rng(0)
    path = tmp_path / "d.csv"
    frame = pd.DataFrame(
        {"g": ["A", "B"] * 20, "y": rng.integers(0, 2, 40), "p": rng.integers(0, 2, 40)}
    )
    frame.to_csv(path, index=False)
    return path


def _request(tmp_path, n: int) -> str:
    req = str(tmp_path / f"req{n}.json")
    argv = ["p2nia", "request", "--n", str(n), "--protected", "g", "--epsilon", "1"]
    assert main([*argv, "--metrics", "dp", "--out", req]) == 0
    return req


def _release(tmp_path, data, n: int = 20, out: str = "rel", *extra) -> list:
    req = _request(tmp_path, n)
    out_dir = str(tmp_path / out)
    return ["p2nia", "release", "--request", req, "--data", str(data), "--y-pred", "p"] + [
        "--out",
        out_dir,
        "--seed",
        "0",
        *extra,
    ]


def test_p2nia_request_larger_than_the_data_names_the_request_key(tmp_path, audit_csv, capsys):
    err = _error(capsys, _release(tmp_path, audit_csv, n=50))
    assert "key 'n': " in err and "req50.json: n′ = 50 exceeds" in err and "column 'n'" not in err
    assert "at most 40 rows (p2nia request --n)" in err


def test_p2nia_single_group_names_the_groups_option(tmp_path, capsys):
    argv = ["p2nia", "request", "--n", "20", "--protected", "grp", "--epsilon", "1"]
    err = _error(capsys, [*argv, "--groups", "plain", "--out", str(tmp_path / "r.json")])
    assert "option '--groups'" in err and "'grp' needs two or more groups" in err
    assert "column" not in err


def test_p2nia_changed_release_names_the_file(tmp_path, audit_csv, capsys):
    assert main(_release(tmp_path, audit_csv)) == 0
    capsys.readouterr()
    with open(tmp_path / "rel" / "release.csv", "a") as fh:
        fh.write("A,1\n")
    err = _error(capsys, ["p2nia", "estimate", str(tmp_path / "rel")])
    assert "file 'release.csv'" in err and "column" not in err


def test_p2nia_release_over_its_input_names_the_out_file(tmp_path, audit_csv, capsys):
    assert main(_release(tmp_path, audit_csv)) == 0
    capsys.readouterr()
    table = tmp_path / "rel" / "release.csv"
    err = _error(capsys, _release(tmp_path, table, 20, "rel", "--replace"))
    assert "option '--out (release.csv)'" in err and "'--out '" not in err


def test_p2nia_release_non_binary_predictions_say_how_to_recode(tmp_path, audit_csv, capsys):
    frame = pd.read_csv(audit_csv)
    frame["p"] = frame["p"].map({0: "no", 1: "yes"})
    frame.to_csv(audit_csv, index=False)
    err = _error(capsys, _release(tmp_path, audit_csv))
    assert "column 'p': must be 0/1" in err
    # round 49: the command line says the file's words (Python keeps the pandas code)
    assert "recode it to 0/1 in the file, with 1 for 'yes'" in err and "pandas" not in err


def _pcer_argv(train, test) -> list:
    return ["pcer", "audit", "--train", str(train), "--test", str(test), "--y-true", "y"] + [
        "--y-pred",
        "p",
        "--protected",
        "g",
        "--n-boot",
        "100",
    ]


def test_pcer_single_group_names_the_protected_option(tmp_path, audit_csv, capsys):
    frame = pd.read_csv(audit_csv).assign(g="only")
    frame.to_csv(tmp_path / "tr.csv", index=False)
    frame.to_csv(tmp_path / "te.csv", index=False)
    err = _error(capsys, _pcer_argv(tmp_path / "tr.csv", tmp_path / "te.csv"))
    assert "option '--protected': needs at least two groups, found only" in err
    assert "column 'groups'" not in err


def test_pcer_yes_no_labels_name_the_column_and_the_recoding(tmp_path, audit_csv, capsys):
    frame = pd.read_csv(audit_csv)
    frame.to_csv(tmp_path / "te.csv", index=False)
    frame.assign(y=frame["y"].map({0: "no", 1: "yes"})).to_csv(tmp_path / "tr.csv", index=False)
    err = _error(capsys, _pcer_argv(tmp_path / "tr.csv", tmp_path / "te.csv"))
    assert "column 'y': the y_true column of" in err and "tr.csv must be 0/1" in err
    assert "df['y'] = (df['y'] == 'yes').astype(int)" in err and "train y_true" not in err


def test_split_predictions_name_the_argument_and_the_split():
    y = np.array([0, 1, 1, 0])
    with pytest.raises(EthicLensInputError, match=r"^argument 'y_true': train split: must be"):
        SplitPredictions(np.array(["no", "yes", "yes", "no"]), y, y, name="train")


def test_unknown_dataset_is_an_argument(capsys):
    err = _error(capsys, ["datasets", "info", "nope"])
    assert "argument 'NAME': unknown dataset" in err
    with pytest.raises(EthicLensInputError, match=r"^argument 'dataset': unknown dataset"):
        get_entry("nope")


def test_make_counterfactuals_single_group_fix_names_a_real_way(tmp_path, capsys):
    data = tmp_path / "one.csv"
    pd.DataFrame({"g": ["only"] * 4, "x": range(4)}).to_csv(data, index=False)
    argv = ["probe", "make-counterfactuals", str(data), "--protected", "g"]
    err = _error(capsys, [*argv, "--out", str(tmp_path / "o.csv")])
    assert "make_counterfactuals(..., groups=[...])" in err and "target groups" not in err
    frame = make_counterfactuals(pd.DataFrame({"g": ["only"] * 4}), "g", groups=["other"])
    assert set(frame["_cf_target"]) == {"only", "other"}


@pytest.mark.parametrize("target", [[], ["compas"]])
def test_probe_data_without_model_is_refused(tmp_path, audit_csv, capsys, target):
    err = _error(capsys, ["probe", "counterfactual", *target, "--data", str(audit_csv)])
    assert "option '--data': needs --model" in err and "TARGET" not in err


def test_probe_benchmark_with_model_is_refused(tmp_path, audit_csv, capsys):
    argv = ["probe", "counterfactual", "compas", "--model", "m:f", "--data", str(audit_csv)]
    err = _error(capsys, argv)
    assert "argument 'TARGET': a benchmark is not probed with --model" in err


@pytest.mark.parametrize("di, side", [(1.5, "outside"), (1.0, "inside"), (0.6, "outside")], ids=str)
def test_oracle_flag_line_says_inside_or_outside_the_policy_band(di, side):
    with pytest.warns(UserWarning):
        res = run_oracle(200, repetitions=2, n_boot=100, methods=("jeffreys",), disparate_impact=di)
    line = res.summary(di, 100)[1]
    assert f"truth DI {di:g} {side} the policy band [0.80, 1.25]" in line
