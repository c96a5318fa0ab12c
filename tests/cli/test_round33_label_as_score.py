"""Round 33: the label as the prediction is refused (it would audit a perfect model), but not
when the score named the same column too: ``--y-true y --y-pred y --y-score y`` ran a perfect
model's audit without a word. Refused alike, on every engine and command that reads them."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_roles

REFUSAL = (
    "error: column 'y': plays two roles: label (--y-true, roles.y_true) and prediction "
    "(--y-pred, roles.y_pred). Fix: give each role its own column\n"
)


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"y": [0, 1] * 20, "p": [1, 0, 0, 1] * 10, "g": ["a", "b"] * 20}).to_csv(
        "d.csv", index=False
    )


@pytest.mark.parametrize("command", [["audit"], ["counts", "--out", "c.csv"]])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_label_as_prediction_and_score_is_refused(capsys, command, engine):
    roles = ["--y-true", "y", "--y-pred", "y", "--y-score", "y", "--protected", "g"]
    assert main([command[0], "d.csv", *command[1:], *roles, "--engine", engine]) == 2
    assert capsys.readouterr().err == REFUSAL
    assert not (pd.io.common.file_exists("c.csv"))


def test_check_roles_refuses_the_label_in_three_roles():
    with pytest.raises(EthicLensInputError, match="label .* and prediction"):
        check_roles({"y_true": "y", "y_pred": "y", "y_score": "y", "weight": None})
    check_roles({"y_true": "y", "y_pred": "s", "y_score": "s", "weight": None})  # a score's own
