"""Round 21: a number too small for a double (``1e-400``) is refused as typed on every option,
in the words ``p2nia request --epsilon`` uses ("1e-400 underflows to 0: ..."). Before, ``pcer
audit --eta`` and ``p2nia experiment --epsilons`` said "(value: 0.0)" and ``pcer train
--epsilon`` said "must be a positive number"."""

from __future__ import annotations

import pytest

from ethiclens._checks import number_text, split_numbers
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

WORDS = "1e-400 underflows to 0: it is below the smallest positive number a double holds"
PCER_AUDIT = ["pcer", "audit", "--train", "a", "--test", "b", "--y-true", "y", "--y-pred", "p"]
PCER_AUDIT += ["--protected", "g"]


@pytest.mark.parametrize(
    ("argv", "flag", "value"),
    [
        (PCER_AUDIT, "--eta", "1e-400"),
        (["pcer", "train", "compas"], "--eta", "1e-400"),
        (["pcer", "train", "compas"], "--epsilon", "1e-400"),
        (["pcer", "sweep"], "--epsilons", "1,1e-400"),
        (["p2nia", "experiment", "--out", "o"], "--epsilons", "1e-400,1"),
        (["p2nia", "experiment", "--out", "o"], "--metric-epsilons", "1e-400"),
        (["audit", "compas"], "--di-threshold", "1e-400"),
        (["oracle"], "--eo-gap", "1e-400"),
        (["monitor", "x.csv", "--time", "t", "--window", "1d"], "--alpha", "1e-400"),
        (
            [
                "p2nia",
                "request",
                "--n",
                "100",
                "--protected",
                "g",
                "--groups",
                "a,b",
                "--out",
                "r.json",
            ],
            "--epsilon",
            "1e-400",
        ),
    ],
)
def test_a_number_that_underflows_is_refused_in_one_wording(
    tmp_path, monkeypatch, capsys, argv, flag, value
):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, flag, value]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: option {flag!r}: "), err
    assert WORDS in err, err
    # no shown value 0.0 (an underflow read as zero); the --alpha example 0.05 may stand
    assert "(value: 0.0" not in err and "positive number (> 0)" not in err, err
    assert not list(tmp_path.iterdir())


def test_the_python_readers_of_number_text_say_it_too():
    for call in (
        lambda: number_text("1.5e-999", "x"),
        lambda: split_numbers("1,1.5e-999", "--epsilons"),
    ):
        with pytest.raises(EthicLensInputError, match="1.5e-999 underflows to 0"):
            call()
    assert number_text("0e-999", "x") == 0.0  # a zero written as zero is a zero
    assert number_text("-0.0", "x") == 0.0
