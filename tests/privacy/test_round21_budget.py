"""Round 21: an ε that DP-SGD cannot reach (its σ would fall below SIGMA_MIN) is trained at
SIGMA_MIN and spends less; that is said, not only seen on the summary line: one warning naming
the ε asked, the ε spent and the σ floor, the same words in the run's notes and in ``pcer train
--json`` (``notes``). Before, ``--epsilon 50`` and ``--epsilon 1000`` trained the same model
and said nothing."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main
from ethiclens.experiments import prepare
from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many, validate_pcer_output
from ethiclens.privacy._dpsgd import SIGMA_MIN, budget_note


@pytest.fixture(scope="module")
def data():
    return prepare("adult", 0, max_rows=2000)


def _said(run, asked):
    assert run.noise_multiplier == SIGMA_MIN
    assert run.epsilon_requested == asked and run.epsilon_spent < asked
    note = run.notes[0]
    assert note.startswith(f"ε = {asked:g} was asked but ε = {run.epsilon_spent:.4g} was spent")
    assert f"SIGMA_MIN = {SIGMA_MIN:g}" in note and "the largest ε these settings reach" in note
    return note


@pytest.mark.parametrize("trainer", ["opacus", "vectorized"])
def test_an_unreachable_epsilon_warns_and_notes_the_epsilon_spent(data, trainer):
    with pytest.warns(UserWarning, match="ε = 1000 was asked but ε = ") as caught:
        if trainer == "opacus":
            run = train_dp_mlp("adult", epsilon=1000, seed=0, data=data, epochs=1)
        else:
            config = TrainConfig(epochs=1)
            run = train_many("adult", epsilon=1000, seeds=[0], config=config, datas=[data])[0]
    note = _said(run, 1000.0)
    assert str(caught[0].message) == note


def test_a_reachable_epsilon_is_not_noted():
    assert budget_note(1.0, 0.99, 1.2, 0.1, TrainConfig()) is None
    assert budget_note(None, None, None, 0.1, TrainConfig()) is None  # no DP


def test_pcer_train_says_it_on_stderr_and_in_the_json(tmp_path, capsys):
    out = tmp_path / "t.json"
    argv = ["pcer", "train", "compas", "--epsilon", "1000", "--epochs", "1", "--n-boot", "100"]
    assert main([*argv, "--json", str(out)]) == 0
    err = capsys.readouterr().err
    doc = json.loads(out.read_text())
    validate_pcer_output(doc)
    spent = doc["epsilon_spent"]
    assert doc["epsilon_requested"] == 1000.0 and spent < 1000
    warned = [line for line in err.splitlines() if line.startswith("warning: ε = 1000 was asked")]
    assert len(warned) == 1, err
    assert f"ε = {spent:.4g} was spent" in warned[0] and "SIGMA_MIN = 0.3" in warned[0]
    assert warned[0].removeprefix("warning: ") in doc["notes"]
