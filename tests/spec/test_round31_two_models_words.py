"""Round 31: a comparison given one model says how to name two in every face's words (a
config file's user was shown only Python's y_pred=[...] and the command line's flags)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    where = tmp_path_factory.mktemp("two31")
    rng = np.random.default_rng(4)
    n = 300
    frame = pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": np.repeat(["a", "b"], n // 2)}
    )
    frame.to_csv(where / "d.csv", index=False)
    return where


def test_a_config_file_is_told_its_own_syntax(data, capsys):
    config = data / "c.yaml"
    config.write_text(
        f"target: {{file: {data / 'd.csv'}}}\nroles: {{y_true: y, y_pred: [p], protected: [g]}}\n"
    )
    assert main(["compare", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "key 'roles.y_pred': needs exactly two models" in err, err
    assert "roles.y_pred: [model_a, model_b] in a config file" in err, err


def test_every_face_keeps_its_words(data, capsys):
    args = ["compare", str(data / "d.csv"), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "option '--y-pred'" in err and "--y-pred twice on the command line" in err, err
    with pytest.raises(EthicLensInputError, match=r"y_pred=\['model_a', 'model_b'\] in Python"):
        ethiclens.compare(str(data / "d.csv"), y_true="y", y_pred=["p"], protected="g")
