import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.privacy import validate_pcer_output


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
    code = main(
        [
            "pcer",
            "audit",
            "--train",
            str(tmp_path / "train.csv"),
            "--test",
            str(tmp_path / "test.csv"),
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "g",
            "--group-order",
            "b,a",
            "--loss",
            "loss",
            "--positive",
            "harmful",
            "--json",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0 and "ΔPCER" in text and "membership-inference" in text
    result = json.loads(out.read_text())
    assert result["group_order"] == ["b", "a"] and result["mia"]["delta_pcer_mia"] is not None
    assert len(result["floor_sensitivity"]) == 4 and not result["positive_is_favorable"]
    validate_pcer_output(result)
    assert result["schema_version"] == "1.0" and result["n_boot"] == 1000
    head = result["statistics"]["delta_pcer"]
    assert head["status"] == "REPORTED" and head["ci_low"] <= head["value"] <= head["ci_high"]
    assert f"[95% CI {head['ci_low']:+.2f}, {head['ci_high']:+.2f}]" in text
    assert "seed-to-seed" in text and "ethiclens pcer sweep" in text
    assert "ethiclens pcer sweep" in result["note"]


def test_pcer_audit_bad_group_sets_exit_2(tmp_path, capsys):
    rng = np.random.default_rng(1)
    train = _frame(200, 0.9, rng, 0.3)
    test = _frame(100, 0.8, rng, 0.5)
    test["g"] = "a"
    train.to_csv(tmp_path / "train.csv", index=False)
    test.to_csv(tmp_path / "test.csv", index=False)
    code = main(
        [
            "pcer",
            "audit",
            "--train",
            str(tmp_path / "train.csv"),
            "--test",
            str(tmp_path / "test.csv"),
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "g",
        ]
    )
    assert code == 2 and "different groups" in capsys.readouterr().err


def test_pcer_train_compas(tmp_path, capsys):
    out = tmp_path / "run.json"
    code = main(
        [
            "pcer",
            "train",
            "compas",
            "--attribute",
            "race",
            "--epsilon",
            "1",
            "--seed",
            "0",
            "--epochs",
            "2",
            "--json",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0 and "PRV accountant" in text
    run = json.loads(out.read_text())
    validate_pcer_output(run)
    assert run["kind"] == "pcer_training_run" and "pcer sweep" in run["note"]
    assert run["feature_set"] == "full"
    race = run["attributes"]["race"]
    assert race["statistics"]["delta_pcer"]["ci_method"] and race["random_state"] == 0
    assert "seed-to-seed" in text
    assert run["epsilon_spent"] <= 1.0 and run["attributes"]["race"]["group_order"] == [
        "Other",
        "African-American",
    ]
    # round 20: "Other" is every race but African-American, not COMPAS's own race 'Other'
    said = "Other = every other value of race"
    assert said in race["notes"][0] and said in " ".join(text.split())
    assert main(["pcer", "train", "compas", "--epsilon", "abc"]) == 2


def _write_splits(tmp_path, seed=2, n_train=400, n_test=200):
    rng = np.random.default_rng(seed)
    train, test = _frame(n_train, 0.9, rng, 0.3), _frame(n_test, 0.8, rng, 0.5)
    train.to_csv(tmp_path / "train.csv", index=False)
    test.to_csv(tmp_path / "test.csv", index=False)
    return train, test


def _audit(tmp_path, *extra):
    return main(
        [
            "pcer",
            "audit",
            "--train",
            str(tmp_path / "train.csv"),
            "--test",
            str(tmp_path / "test.csv"),
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "g",
            "--n-boot",
            "200",
            *extra,
        ]
    )


def test_positive_vocabulary_matches_audit(tmp_path, capsys):
    _write_splits(tmp_path)
    out = tmp_path / "fav.json"
    assert _audit(tmp_path, "--positive", "favorable", "--json", str(out)) == 0
    assert json.loads(out.read_text())["positive_is_favorable"] is True
    captured = capsys.readouterr()
    assert "deprecated" not in captured.err
    assert _audit(tmp_path, "--positive", "beneficial", "--json", str(out)) == 0
    err = capsys.readouterr().err
    assert "--positive beneficial is deprecated; use --positive favorable" in err
    assert json.loads(out.read_text())["positive_is_favorable"] is True
    assert _audit(tmp_path, "--positive", "good") == 2
    assert "favorable" in capsys.readouterr().err


def test_seeded_bootstrap_and_floor_flags(tmp_path, capsys):
    _write_splits(tmp_path)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert _audit(tmp_path, "--seed", "7", "--json", str(a)) == 0
    assert _audit(tmp_path, "--seed", "7", "--json", str(b)) == 0
    assert json.loads(a.read_text())["statistics"] == json.loads(b.read_text())["statistics"]
    assert _audit(tmp_path, "--min-group-size", "500", "--json", str(a)) == 0
    text = capsys.readouterr().out
    withheld = json.loads(a.read_text())
    assert withheld["min_group_size"] == 500
    assert withheld["statistics"]["delta_pcer"]["status"] == "INSUFFICIENT_DATA"
    assert withheld["statistics"]["delta_pcer"]["ci_low"] is None
    assert "not headlined: group(s) a, b below the floor of 500" in text
    assert "(INSUFFICIENT_DATA; value" in text


def _one_line_error(capsys, *needles):
    # one error line (a note says which of an option given twice counts: _audit sets defaults)
    err = "\n".join(x for x in capsys.readouterr().err.splitlines() if not x.startswith("note: "))
    assert len(err.splitlines()) == 1, err
    for needle in needles:
        assert needle in err, err
    return err


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    train, test = _write_splits(tmp_path)
    assert _audit(tmp_path, "--seed", "-1") == 2
    _one_line_error(capsys, "--seed", "non-negative")
    assert _audit(tmp_path, "--n-boot", "50") == 2
    _one_line_error(capsys, "--n-boot", "at least 100")
    assert _audit(tmp_path, "--min-group-size", "0") == 2
    _one_line_error(capsys, "--min-group-size")
    before = (tmp_path / "train.csv").read_bytes()
    assert _audit(tmp_path, "--json", str(tmp_path / "train.csv")) == 2
    _one_line_error(capsys, "--json", "input")
    assert (tmp_path / "train.csv").read_bytes() == before

    nan_groups = train.copy()
    nan_groups.loc[[3, 10, 11], "g"] = None
    nan_groups.to_csv(tmp_path / "train.csv", index=False)
    assert _audit(tmp_path) == 2
    _one_line_error(capsys, "'g'", "3 row(s)", "no group", "first at train.csv line 5")
    train.to_csv(tmp_path / "train.csv", index=False)

    for bad, needle in ((-0.5, "negative"), ("lots", "not numbers")):
        broken = test.copy().astype({"loss": object})
        broken.loc[4, "loss"] = bad
        broken.to_csv(tmp_path / "test.csv", index=False)
        assert _audit(tmp_path, "--loss", "loss") == 2
        _one_line_error(capsys, "loss", needle, "test.csv line 6")


def test_pcer_train_refuses_a_negative_seed_before_training(capsys):
    assert main(["pcer", "train", "compas", "--seed", "-3"]) == 2
    _one_line_error(capsys, "--seed", "non-negative")
    assert main(["pcer", "train", "compas", "--n-boot", "10"]) == 2
    _one_line_error(capsys, "--n-boot")


def test_pcer_train_and_sweep_take_a_feature_set(tmp_path, capsys):
    out = tmp_path / "paper.json"
    args = ["pcer", "train", "compas", "--epsilon", "none", "--epochs", "1", "--json", str(out)]
    assert main([*args, "--features", "paper"]) == 0
    run = json.loads(out.read_text())
    validate_pcer_output(run)
    assert run["feature_set"] == "paper" and "feature set 'paper'" in run["features"]
    capsys.readouterr()
    assert main(["pcer", "train", "compas", "--features", "all"]) == 2
    assert "--features" in capsys.readouterr().err
    assert main(["pcer", "sweep", "--features", "all", "--store", str(tmp_path / "s")]) == 2


def test_markup_like_group_names_print_literally_and_the_json_comes_first(
    tmp_path, capsys, monkeypatch
):
    train, test = _write_splits(tmp_path)
    for frame, name in ((train, "train.csv"), (test, "test.csv")):
        frame.assign(g=frame.g.map({"a": "[bold]A", "b": "[/x]"})).to_csv(
            tmp_path / name, index=False
        )
    out = tmp_path / "pcer.json"
    assert _audit(tmp_path, "--json", str(out)) == 0
    text = capsys.readouterr().out
    assert "[bold]A" in text and "PCER_[/x]" in text  # as written, never rich markup
    out.unlink()

    def broken_terminal(*_):
        raise OSError("terminal gone")

    monkeypatch.setattr("ethiclens.privacy.print_summary", broken_terminal)
    with pytest.raises(OSError, match="terminal gone"):
        _audit(tmp_path, "--json", str(out))
    assert json.loads(out.read_text())["group_order"]  # finished work written before printing


def test_pcer_refuses_group_labels_the_audit_refuses(tmp_path, capsys):
    train, _ = _write_splits(tmp_path)
    train.loc[2, "g"] = "b" * 257
    train.to_csv(tmp_path / "train.csv", index=False)
    assert _audit(tmp_path) == 2
    err = capsys.readouterr().err
    assert "column 'g'" in err and "1 group value(s) longer than 256 characters" in err
    assert "first at train.csv line 4" in err
