"""Round 34: train_and_audit (pcer train's library call) refused a Python caller's request in the
command line's words (``option '--seed'``, ``option '--batch-size'``, ``argument 'DATASET'``,
``column 'attribute'``); it names the request's field now (``argument 'seed'``), and
``ethiclens pcer train`` still names its flags, word for word as before."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError, in_flag_words
from ethiclens.experiments import TrainRequest, train_and_audit

CASES = [
    ({"seed": -1}, "seed", "--seed -1", "must be a non-negative integer"),
    ({"eta": 5.0}, "eta", "--eta 5.0", "must be a number from 1e-12"),
    ({"n_boot": 5}, "n_boot", "--n-boot 5", "too few draws"),
    ({"epochs": 0}, "epochs", "--epochs 0", "epochs must be a whole number"),
    ({"batch_size": -3}, "batch_size", "--batch-size -3", "batch size must be a whole number"),
    ({"epsilon": "abc"}, "epsilon", "--epsilon abc", "ε must be a number"),
    ({"features": "nope"}, "features", "--features nope", "compas has no such feature set"),
    ({"attribute": "nope"}, "attribute", "--attribute nope", "no PCER setup for compas"),
]


@pytest.mark.parametrize(("fields", "name", "flags", "problem"), CASES)
def test_python_reads_the_field_the_command_line_its_flag(fields, name, flags, problem, capsys):
    with pytest.raises(EthicLensInputError) as err:
        train_and_audit(TrainRequest("compas", trainer="vectorized", **fields))
    assert str(err.value).startswith(f"argument '{name}': {problem}"), str(err.value)
    flag = flags.split()[0]
    assert main(["pcer", "train", "compas", *flags.split()]) == 2
    said = capsys.readouterr().err
    assert f"option '{flag}': {problem}" in said, said
    # the same words, an example of the field written as its flag ('e.g. --epsilon 1.0')
    assert str(in_flag_words(err.value, flag)) in " ".join(said.split())


def test_a_positive_of_neither_word_and_an_unknown_dataset_or_trainer():
    for fields, name in (
        ({"positive": "yes"}, "positive"),
        ({"trainer": "nope"}, "trainer"),
        ({"epsilon": -1}, "epsilon"),
    ):
        with pytest.raises(EthicLensInputError, match=rf"^argument '{name}': "):
            train_and_audit(TrainRequest("compas", **fields))
    with pytest.raises(EthicLensInputError, match=r"^argument 'dataset': unknown dataset"):
        train_and_audit(TrainRequest("nope"))
