"""``ethiclens compare``: two prediction columns of one file, JSON/HTML, bad input exits 2."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.report import validate_comparison


def run(args, capsys):
    code = main(["compare", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def csv(tmp_path):
    """old: F selected at 0.2, M at 0.5 (DI 0.4); new: F's selection raised to about 0.45."""
    rng = np.random.default_rng(3)
    n = 3000
    sex = np.repeat(["F", "M"], n // 2)
    old = (rng.random(n) < np.where(sex == "F", 0.2, 0.5)).astype(int)
    new = np.where((sex == "F") & (old == 0) & (rng.random(n) < 0.32), 1, old)
    df = pd.DataFrame({"y": rng.integers(0, 2, n), "old": old, "new": new, "sex": sex})
    path = tmp_path / "preds.csv"
    df.to_csv(path, index=False)
    return path


def test_compare_file_writes_json_and_html(csv, tmp_path, capsys):
    out_json, out_html = tmp_path / "c.json", tmp_path / "c.html"
    args = [str(csv), "--y-true", "y", "--y-pred", "old", "--y-pred", "new"]
    args += ["--protected", "sex=M", "--n-boot", "500", "--json", str(out_json)]
    code, out, err = run([*args, "--html", str(out_html)], capsys)
    assert code == 0, err
    assert "sex: F vs M: FLAGGED -> " in out
    d = json.loads(out_json.read_text())
    validate_comparison(d)
    assert d["schema_version"] and d["kind"] == "model_comparison"
    assert d["models"] == {"a": "old", "b": "new"}
    spd = next(
        x
        for x in d["differences"]
        if x["group"] == "F" and x["metric"] == "statistical_parity_difference"
    )
    assert spd["difference"]["ci_low"] > 0 and spd["interval_excludes_zero"]
    assert "paired" in spd["difference"]["ci_method"]
    assert "Verdicts under each model" in out_html.read_text()


@pytest.mark.parametrize(
    "extra, needle",
    [
        (["--y-pred", "old"], "needs exactly two models"),
        (["--y-pred", "old", "--y-pred", "old"], "same model was given twice"),
        (["--y-pred", "old", "--y-pred", "nope"], "nope"),
        # the label is no model: refused as the audit refuses it
        (["--y-pred", "old", "--y-pred", "y"], "column 'y': plays two roles"),
    ],
)
def test_bad_model_columns_exit_2(csv, capsys, extra, needle):
    code, out, err = run([str(csv), "--y-true", "y", "--protected", "sex", *extra], capsys)
    assert code == 2
    assert needle in err


def test_identical_prediction_columns_exit_2(tmp_path, capsys):
    df = pd.DataFrame({"y": [0, 1] * 50, "a": [1, 0] * 50, "b": [1, 0] * 50, "s": ["x", "z"] * 50})
    path = tmp_path / "same.csv"
    df.to_csv(path, index=False)
    code, _, err = run([str(path), "--y-pred", "a", "--y-pred", "b", "--protected", "s"], capsys)
    assert code == 2 and "identical" in err and "--y-pred" in err


def test_unknown_target_and_missing_protected_exit_2(csv, capsys):
    code, _, err = run(["adult", "--y-pred", "a", "--y-pred", "b"], capsys)
    assert code == 2 and "compas" in err
    code, _, err = run([str(csv), "--y-pred", "old", "--y-pred", "new"], capsys)
    assert code == 2 and "--protected" in err


@pytest.mark.slow
def test_compare_compas_model_vs_decile(tmp_path, capsys):
    out_json = tmp_path / "c.json"
    code, out, err = run(["compas", "--n-boot", "300", "--json", str(out_json)], capsys)
    assert code == 0, err
    d = json.loads(out_json.read_text())
    validate_comparison(d)
    assert d["models"] == {"a": "model", "b": "decile"}
    assert len(d["verdicts"]) == 6  # race: 5 vs Caucasian, sex: 1


def test_audit_with_two_y_pred_is_the_compare_command(csv, tmp_path, capsys):
    """``audit DATA --y-pred a --y-pred b`` runs ``compare``: the same JSON, byte for byte."""
    common = [str(csv), "--y-true", "y", "--y-pred", "old", "--y-pred", "new", "--protected"]
    common += ["sex=M", "--seed", "3"]
    via_audit, via_compare = tmp_path / "a.json", tmp_path / "c.json"
    code = main(["audit", *common, "--json", str(via_audit)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "EthicLens compare: new vs old" in out.out and "verdicts changed" in out.out
    assert run([*common, "--json", str(via_compare)], capsys)[0] == 0
    a, c = json.loads(via_audit.read_text()), json.loads(via_compare.read_text())
    assert a.pop("run")["spec"]["roles"] == c.pop("run")["spec"]["roles"]
    assert a == c  # the same numbers; only the run record (time, output path) differs
    assert json.loads(via_audit.read_text())["config"]["n_boot"] == 1000  # compare's default


@pytest.mark.parametrize(
    "extra, flag",
    [
        (["--y-score", "y"], "--y-score"),
        (["--ci", "bca"], "--ci"),
        (["--model-card", "card.md"], "--model-card"),
    ],
)
def test_audit_with_two_y_pred_refuses_audit_only_flags(csv, capsys, extra, flag):
    args = ["audit", str(csv), "--y-true", "y", "--y-pred", "old", "--y-pred", "new"]
    code = main([*args, "--protected", "sex", *extra])
    err = capsys.readouterr().err
    assert code == 2 and flag in err and len(err.strip().splitlines()) == 1, err


def test_compare_cli_weight(csv, tmp_path, capsys):
    df = pd.read_csv(csv)
    df["w"] = np.where(df["sex"] == "F", 2.0, 1.0)
    path = tmp_path / "w.csv"
    df.to_csv(path, index=False)
    args = [str(path), "--y-true", "y", "--y-pred", "old", "--y-pred", "new", "--protected"]
    args += ["sex=M", "--n-boot", "300", "--weight", "w", "--json", str(tmp_path / "w.json")]
    code, out, err = run(args, capsys)
    assert code == 0, err
    d = json.loads((tmp_path / "w.json").read_text())
    validate_comparison(d)
    assert d["config"]["weighted"] is True
    assert "Kish-effective" in d["differences"][0]["difference"]["ci_method"]
    code, _, err = run([*args, "--ci", "bootstrap"], capsys)
    assert code == 2 and "--ci" in err and "jeffreys" in err
    code, _, err = run([*args[:-2], "--weight", "nope"], capsys)
    assert code == 2 and "nope" in err
