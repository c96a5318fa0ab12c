"""Round 21: the oracle's JSON carries the settings that reproduce it, and a probe that scored
the flipped rows itself never shows the note meant for a hand-scored table."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.probes import analyze_counterfactuals, counterfactual, make_counterfactuals


class IgnoresRace:
    """Reads x only: flipping race changes neither prediction nor score."""

    def predict(self, X):
        return (X["x"] > 0).astype(int).to_numpy()

    def predict_proba(self, X):
        p = 1 / (1 + np.exp(-X["x"].to_numpy()))
        return np.c_[1 - p, p]


class ProbaIgnoresRace(IgnoresRace):
    """predict reads race, predict_proba does not."""

    def predict(self, X):
        return ((X["x"] > 0) | (X["race"] == "A")).astype(int).to_numpy()


def ignores_race():
    return IgnoresRace()


def _records(n=120):
    rng = np.random.default_rng(3)
    return pd.DataFrame({"x": rng.normal(size=n), "race": rng.choice(["A", "B", "C"], n)})


HAND_SCORED = "If the table still holds the input's old prediction"


def test_oracle_json_is_an_object_with_every_setting(tmp_path, capsys):
    argv = ["oracle", "--repetitions", "3", "--n", "300", "--n-boot", "100", "--seed", "5"]
    assert main([*argv, "--eo-gap", "0.25", "--di", "0.8", "--di", "1.0", "--json", "-"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert isinstance(doc, dict) and doc["command"] == "oracle"
    assert doc["ethiclens_version"] and doc["generated_at"]
    settings = doc["settings"]
    assert settings["seed"] == 5 and settings["n_boot"] == 100 and settings["n"] == 300
    assert settings["repetitions"] == 3 and settings["eo_gap"] == 0.25
    assert settings["methods"] == ["jeffreys", "bca"] and settings["confidence_level"] == 0.95
    assert {"base_rates", "group_sizes", "reference_rate", "separation"} <= set(settings)
    assert doc["disparate_impacts"] == [0.8, 1.0]
    first, second = doc["results"]
    assert first["settings"]["disparate_impact"] == 0.8
    assert second["settings"] == {**settings, "disparate_impact": 1.0}
    assert first["repetitions"] == 3 and {r["method"] for r in first["recovery"]} == {
        "jeffreys",
        "bca",
    }


@pytest.mark.filterwarnings("ignore:.*runs judged")
def test_the_oracle_json_reruns_to_the_same_numbers(tmp_path, capsys):
    from ethiclens.probes import run_oracle

    assert main(["oracle", "--repetitions", "2", "--n", "300", "--n-boot", "100", "--seed", "7",
                 "--di", "0.7", "--json", "-"]) == 0  # fmt: skip
    doc = json.loads(capsys.readouterr().out)
    s = {**doc["settings"], "disparate_impact": doc["disparate_impacts"][0]}
    again = run_oracle(
        s.pop("n"),
        repetitions=s.pop("repetitions"),
        n_boot=s.pop("n_boot"),
        random_state=s.pop("seed"),
        methods=s.pop("methods"),
        confidence_level=s.pop("confidence_level"),
        **{k: tuple(v) if isinstance(v, list) else v for k, v in s.items()},
    )
    assert json.loads(json.dumps(again.to_dict())) == doc["results"][0]


def test_a_model_that_ignores_the_attribute_gets_the_models_note_not_the_tables():
    res = counterfactual(IgnoresRace(), _records(), "race", n_boot=100, random_state=0)
    assert not any(HAND_SCORED in n for n in res.notes)
    assert not any("provided the predictions analysed" in n for n in res.notes)
    (note,) = [n for n in res.notes if "did not change" in n]
    assert "scores and predictions" in note and "race flipped" in note
    assert "does not use it directly" in note
    assert any("proxies" in n for n in res.notes)


def test_scores_unchanged_but_predictions_flipped_says_which():
    res = counterfactual(ProbaIgnoresRace(), _records(), "race", n_boot=100, random_state=0)
    assert res.uses_attribute and not any(HAND_SCORED in n for n in res.notes)
    assert any("predict reads it, predict_proba does not" in n for n in res.notes)


def test_a_hand_scored_table_keeps_its_note():
    frame = make_counterfactuals(_records(), "race")
    model = IgnoresRace()
    res = analyze_counterfactuals(
        frame, model.predict(frame), model.predict_proba(frame)[:, 1], n_boot=100
    )
    assert any(HAND_SCORED in n for n in res.notes)


def test_cli_probe_with_model_has_no_hand_scored_note(tmp_path, capsys):
    data = tmp_path / "recs.csv"
    _records().to_csv(data, index=False)
    out = tmp_path / "cf.json"
    argv = ["probe", "counterfactual", "--model", f"{__name__}:ignores_race", "--data", str(data)]
    assert main([*argv, "--attribute", "race", "--n-boot", "100", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    notes = json.loads(out.read_text())["notes"]
    assert not any(HAND_SCORED in n for n in notes) and "old prediction" not in text
    assert any("did not change for any row with race flipped" in n for n in notes)
