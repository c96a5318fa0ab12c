import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def test_probe_compas_says_it_trains_with_the_attribute(tmp_path, capsys):
    out = tmp_path / "cf.json"
    code = main(
        [
            "probe",
            "counterfactual",
            "compas",
            "--attribute",
            "race",
            "--n-boot",
            "200",
            "--json",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0 and "trained WITH the protected attributes" in text
    result = json.loads(out.read_text())
    assert result["uses_attribute"] and result["favorable_label"] == 0
    assert any(
        p["source"] == "African-American" and p["target"] == "Caucasian" for p in result["pairs"]
    )


def test_user_model_entry_point_and_file_roundtrip(tmp_path, capsys, monkeypatch):
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"f": rng.random(500), "g": rng.choice(["A", "B"], 500)})
    data.to_csv(tmp_path / "records.csv", index=False)
    (tmp_path / "mymodel.py").write_text(
        "class M:\n"
        "    def predict(self, X):\n"
        "        return ((X['f'] > 0.5) | (X['g'] == 'A')).astype(int).to_numpy()\n"
        "def load():\n    return M()\n"
    )
    monkeypatch.chdir(tmp_path)
    code = main(
        [
            "probe",
            "counterfactual",
            "--model",
            "mymodel:load",
            "--data",
            "records.csv",
            "--attribute",
            "g",
            "--n-boot",
            "200",
            "--json",
            "direct.json",
        ]
    )
    assert code == 0
    direct = json.loads((tmp_path / "direct.json").read_text())

    assert (
        main(
            [
                "probe",
                "make-counterfactuals",
                "records.csv",
                "--protected",
                "g",
                "--out",
                "flipped.csv",
            ]
        )
        == 0
    )
    flipped = pd.read_csv(tmp_path / "flipped.csv")
    flipped["pred"] = ((flipped["f"] > 0.5) | (flipped["g"] == "A")).astype(int)
    flipped.to_csv(tmp_path / "scored.csv", index=False)
    assert (
        main(
            [
                "probe",
                "analyze-counterfactuals",
                "scored.csv",
                "--y-pred",
                "pred",
                "--json",
                "via_file.json",
            ]
        )
        == 0
    )
    via_file = json.loads((tmp_path / "via_file.json").read_text())
    assert [p["flip_rate"] for p in via_file["pairs"]] == [p["flip_rate"] for p in direct["pairs"]]
    capsys.readouterr()


def test_probe_bad_inputs_exit_2(tmp_path, capsys):
    assert (
        main(["probe", "counterfactual", "--model", "nope", "--data", "x.csv", "--attribute", "g"])
        == 2
    )
    assert "module:function" in capsys.readouterr().err
    assert main(["probe", "counterfactual", "compas", "--attribute", "zip"]) == 2
    assert "not a protected attribute" in capsys.readouterr().err


def test_oracle_cli_reports_recovery(tmp_path, capsys):
    out = tmp_path / "oracle.json"
    code = main(
        [
            "oracle",
            "--n",
            "5000",
            "--di",
            "0.6",
            "--repetitions",
            "20",
            "--n-boot",
            "200",
            "--json",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0 and "coverage" in text and "Monte Carlo" in text
    (res,) = json.loads(out.read_text())["results"]
    assert res["truth"]["disparate_impact"] == 0.6 and res["repetitions"] == 20
    assert {r["method"] for r in res["recovery"]} == {"jeffreys", "bca"}


def test_probe_positive_vocabulary(tmp_path, capsys, monkeypatch):
    """--positive favorable|harmful as in `ethiclens audit`; --favorable N: deprecated alias."""
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"f": rng.random(200), "g": rng.choice(["A", "B"], 200)})
    frame.to_csv(tmp_path / "records.csv", index=False)
    monkeypatch.chdir(tmp_path)
    assert (
        main(
            [
                "probe",
                "make-counterfactuals",
                "records.csv",
                "--protected",
                "g",
                "--out",
                "flipped.csv",
            ]
        )
        == 0
    )
    flipped = pd.read_csv(tmp_path / "flipped.csv")
    flipped["pred"] = ((flipped["f"] > 0.5) | (flipped["g"] == "A")).astype(int)
    flipped.to_csv(tmp_path / "scored.csv", index=False)
    capsys.readouterr()

    def analyze(*extra):
        code = main(
            [
                "probe",
                "analyze-counterfactuals",
                "scored.csv",
                "--y-pred",
                "pred",
                "--json",
                "out.json",
                *extra,
            ]
        )
        return code, json.loads((tmp_path / "out.json").read_text()) if code == 0 else None

    code, harmful = analyze("--positive", "harmful")
    assert code == 0 and harmful["favorable_label"] == 0
    code, favorable = analyze("--positive", "favorable")
    assert code == 0 and favorable["favorable_label"] == 1
    pair = {(p["source"], p["target"]): p for p in favorable["pairs"]}[("A", "B")]
    other = {(p["source"], p["target"]): p for p in harmful["pairs"]}[("A", "B")]
    assert pair["to_unfavorable_rate"] == other["to_favorable_rate"] > 0  # A → B loses the 1s
    assert "deprecated" not in capsys.readouterr().err
    code, alias = analyze("--positive", "beneficial")
    assert code == 0 and alias["favorable_label"] == 1
    assert "--positive beneficial is deprecated" in capsys.readouterr().err
    code, old = analyze("--favorable", "0")
    assert code == 0 and old["favorable_label"] == 0
    assert "--favorable is deprecated" in capsys.readouterr().err
    assert analyze("--positive", "favorable", "--favorable", "0")[0] == 2
    assert "contradicts" in capsys.readouterr().err
    assert analyze("--positive", "good")[0] == 2


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--di", "7"], "Fix: choose a DI from 0 to 2 (the reference selection rate is 0.5)"),
        (["--n-boot", "50"], "'--n-boot': too few draws"),
        (["--eo-gap", "2"], "'--eo-gap'"),
    ],
)
def test_oracle_refuses_before_drawing_a_progress_bar(capsys, flags, words):
    """Refused input leaves one error line, no empty progress bar above it."""
    assert main(["oracle", "--n", "500", "--repetitions", "2", *flags]) == 2
    out, err = capsys.readouterr()
    assert words in err and "DI " not in out + err.split("error:")[0]


def test_analyze_json_names_the_column_and_how_its_intervals_were_drawn(tmp_path, capsys):
    from ethiclens.probes import make_counterfactuals

    rng = np.random.default_rng(1)
    records = pd.DataFrame({"f": rng.random(300), "grp": rng.choice(["a", "b", "c"], 300)})
    scored = make_counterfactuals(records, "grp")
    scored["p"] = ((scored["f"] > 0.5) | (scored["grp"] == "a")).astype(int)
    scored.to_csv(tmp_path / "scored.csv", index=False)
    out = tmp_path / "an.json"
    argv = ["probe", "analyze-counterfactuals", str(tmp_path / "scored.csv"), "--y-pred", "p"]
    assert main([*argv, "--seed", "3", "--json", str(out)]) == 0
    text = " ".join(capsys.readouterr().out.split())  # the terminal's line breaks aside
    result = json.loads(out.read_text())
    assert result["attribute"] == "grp" and (result["seed"], result["n_boot"]) == (3, None)
    assert "flip-rate CI" in text and "95% intervals: flip rate jeffreys (exact Beta" in text
    # every flip rate takes the exact Jeffreys interval; b → c never flips: extended to 0
    assert all(p["flip_rate_ci_method"].startswith("jeffreys (exact") for p in result["pairs"])
    assert any(p["flip_rate"] == 0 for p in result["pairs"])
    assert "extended to a flip rate of 0 or 1: b → c, c → b" in text
