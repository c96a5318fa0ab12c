"""Round 33: the refusal of a threshold view's predictions of another threshold tells a Python
caller to drop the keyword it wrote (``y_pred``), not the config key ``roles.y_pred``; a
config file's user is still told the key."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    score = np.random.default_rng(4).uniform(0, 1, 200).round(3)
    pd.DataFrame(
        {
            "y": (score > 0.4).astype(int),
            "s": score,
            "q": (score >= 0.7).astype(int),
            "g": ["a", "b"] * 100,
        }
    ).to_csv("d.csv", index=False)


def test_a_python_caller_is_told_its_keyword(data):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.threshold_table("d.csv", y_true="y", y_score="s", y_pred="q", protected="g")
    assert str(err.value).endswith("Fix: give the threshold q used (threshold), or drop y_pred")


def test_a_config_file_is_told_its_key(data, capsys):
    with open("c.yaml", "w", encoding="utf-8") as fh:
        fh.write(
            "target: {file: d.csv}\nroles: {y_true: y, y_score: s, y_pred: q, protected: [g]}\n"
        )
    assert main(["thresholds", "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.endswith(
        "Fix: give the threshold q used (thresholds.threshold), or drop roles.y_pred\n"
    )
