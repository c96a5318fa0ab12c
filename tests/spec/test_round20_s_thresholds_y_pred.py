"""Tester round 20: a threshold view's roles.y_pred (an audit's spec run as it is) was
accepted and ignored; it names the predictions of the audited threshold, so they are checked
to be score >= thresholds.threshold on every row."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def config(tmp_path, monkeypatch):
    rng = np.random.default_rng(2)
    n = 400
    score = rng.uniform(0, 1, n).round(3)
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "score": score,
            "at7": (score >= 0.7).astype(int),
            "other": rng.integers(0, 2, n),
            "race": rng.choice(["A", "B"], n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)

    def write(y_pred):
        path = tmp_path / f"{y_pred}.yaml"
        path.write_text(
            "version: 1\ntarget: {file: d.csv}\n"
            f"roles: {{y_true: label, y_pred: {y_pred}, y_score: score, protected: [race]}}\n"
        )
        return str(path)

    return write


def test_predictions_of_another_threshold_are_refused(config, capsys):
    assert main(["thresholds", "--config", config("at7")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "error: key 'roles.y_pred': is not the predictions of the audited threshold: "
        "score >= 0.5 predicts"
    ), err
    assert "give the threshold at7 used" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(
        EthicLensInputError, match="roles.y_pred.*score >= 0.7 predicts.*other.*audited_threshold"
    ):
        ethiclens.threshold_table(config("other"), audited_threshold=0.7)


def test_the_predictions_of_the_audited_threshold_run(config, capsys):
    assert main(["thresholds", "--config", config("at7"), "--threshold", "0.7"]) == 0
    capsys.readouterr()
    assert main(["thresholds", "--config", config("other"), "--threshold", "0.7"]) == 2
    assert "key 'roles.y_pred'" in capsys.readouterr().err
