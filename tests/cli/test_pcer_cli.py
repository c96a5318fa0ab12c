import json

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _frame(n, acc, rng, loss_scale):
    g = rng.choice(["a", "b"], n)
    y = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < acc, y, 1 - y)
    return pd.DataFrame({"y": y, "p": p, "g": g, "loss": rng.exponential(loss_scale, n)})


def test_pcer_audit_any_model(tmp_path, capsys):
    rng = np.random.default_rng(0)
    _frame(800, 0.9, rng, 0.3).to_csv(tmp_path / "train.csv", index=False)
    _frame(400, 0.8, rng, 0.5).to_csv(tmp_path / "test.csv", index=False)
    out = tmp_path / "pcer.json"
    code = main(["pcer", "audit", "--train", str(tmp_path / "train.csv"), "--test",
                 str(tmp_path / "test.csv"), "--y-true", "y", "--y-pred", "p", "--protected",
                 "g", "--group-order", "b,a", "--loss", "loss", "--positive", "harmful",
                 "--json", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "ΔPCER" in text and "membership-inference" in text
    result = json.loads(out.read_text())
    assert result["group_order"] == ["b", "a"] and result["mia"]["delta_pcer_mia"] is not None
    assert len(result["floor_sensitivity"]) == 4 and not result["positive_is_favorable"]


def test_pcer_audit_bad_group_sets_exit_2(tmp_path, capsys):
    rng = np.random.default_rng(1)
    train = _frame(200, 0.9, rng, 0.3)
    test = _frame(100, 0.8, rng, 0.5)
    test["g"] = "a"
    train.to_csv(tmp_path / "train.csv", index=False)
    test.to_csv(tmp_path / "test.csv", index=False)
    code = main(["pcer", "audit", "--train", str(tmp_path / "train.csv"), "--test",
                 str(tmp_path / "test.csv"), "--y-true", "y", "--y-pred", "p", "--protected",
                 "g"])
    assert code == 2 and "different groups" in capsys.readouterr().err


def test_pcer_train_compas(tmp_path, capsys):
    out = tmp_path / "run.json"
    code = main(["pcer", "train", "compas", "--attribute", "race", "--epsilon", "1",
                 "--seed", "0", "--epochs", "2", "--json", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "PRV accountant" in text
    run = json.loads(out.read_text())
    assert run["epsilon_spent"] <= 1.0 and run["attributes"]["race"]["group_order"] == [
        "Other", "African-American"]
    assert main(["pcer", "train", "compas", "--epsilon", "abc"]) == 2
