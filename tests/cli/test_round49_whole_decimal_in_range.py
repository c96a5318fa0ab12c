"""Round 49: a whole number written as a decimal on the command line ('--n-boot 50.0', '1e11')
was refused by the option's type before the command's range was known, with 'Fix: give 50' (a
number the command then refuses: at least 100 draws) or 'give 100000000000' (above the most).
The option now reads it as the number it writes and the setting's own check refuses it, as a
config file's 'n_boot: 50.0' and a Python 'n_boot=50.0' are: 'give N' only where N is in the
setting's range, else the range's words. Every whole-number flag of every command, the web form
and the library's checks (seeds, workers, repetitions, rows, epochs, ports, 0/1 choices)."""

import re

import pytest

from ethiclens._checks import check_member, check_repetitions, check_seed, check_workers
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._grid import _seeds
from ethiclens.privacy._dpsgd import TrainConfig, check_batch_settings
from ethiclens.probes._oracle import check_rows

WORDS = "must be a whole number, written without a"


@pytest.mark.parametrize(
    "argv, give",
    [
        (["audit", "t.csv", "--n-boot", "50.0"], "from 100 to 1,000,000"),
        (["audit", "t.csv", "--n-boot", "1e11"], "from 100 to 1,000,000"),
        (["audit", "t.csv", "--n-boot", "200.0"], "Fix: give 200"),
        (["audit", "t.csv", "--seed", "1e11"], "non-negative integer"),
        (
            ["monitor", "t.csv", "--time", "t", "--window", "1", "--n-boot", "2e1"],
            "from 100 to 1,000,000",
        ),
        (["p2nia", "estimate", ".", "--n-boot", "50.0"], "from 100 to 1,000,000"),
        (
            [
                "p2nia",
                "request",
                "--protected",
                "g",
                "--epsilon",
                "1",
                "--out",
                "r.json",
                "--n",
                "5.0",
            ],
            "[10, ",
        ),
        (["oracle", "--repetitions", "1.0"], "needs 2 to 10,000"),
        (["oracle", "--n", "10.0"], "from 20 to 10,000,000"),
        (["oracle", "--n", "100.0"], "Fix: give 100"),
        (["serve", "--workers", "5e3"], "from 1 to 1024"),
        (["serve", "--port", "1e11"], "from 1 to 65535"),
        (["serve", "--port", "0.0"], "from 1 to 65535"),
        (["probe", "counterfactual", "compas", "--favorable", "2.0"], "must be 0 or 1"),
        (["probe", "counterfactual", "compas", "--favorable", "1.0"], "Fix: give 1"),
    ],
)
def test_a_flag_s_fix_is_one_it_accepts(tmp_path, capsys, monkeypatch, argv, give):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("y,p,g,t\n1,1,a,1\n0,0,b,2\n")
    assert main(argv) == 2
    err = capsys.readouterr().err
    flag, typed = argv[-2:]
    assert f"'{flag}'" in err and f"(value: '{typed}')" in err and give in err, err
    if give.startswith("Fix: give"):
        assert WORDS in err, err
    else:  # never 'give 50' for a number the option refuses
        assert WORDS not in err and not re.search(r"Fix: give \d", err), err


@pytest.mark.parametrize(
    "check, give",
    [
        (lambda: check_seed(5e10, "seed"), None),
        (lambda: check_seed(7.0, "seed"), "give 7"),
        (lambda: check_workers(2000.0), None),
        (lambda: check_workers(2.0), "give 2"),
        (lambda: check_repetitions(1.0, "repetitions", fix="e.g. 500", minimum=2), None),
        (lambda: check_rows(1e9), None),
        (lambda: _seeds(3.0), "give 3"),
        (lambda: _seeds(1e9), None),
        (lambda: check_batch_settings(TrainConfig(epochs=1e6)), None),
        (lambda: check_batch_settings(TrainConfig(epochs=5.0)), "give 5"),
    ],
)
def test_python_checks(check, give):
    with pytest.raises(EthicLensInputError) as caught:
        check()
    said = str(caught.value)
    assert (WORDS in said and give in said) if give else WORDS not in said, said


def test_a_data_float_stays_a_choice():
    """Only a number typed as text (an option's '1.0') is refused for its decimal point: a
    label 1.0 read from data is the choice 1, as before."""
    assert check_member(1.0, (0, 1), column="pos_label", problem="must be 0 or 1") == 1.0


@pytest.mark.parametrize("face", ["flag", "config"])
def test_a_fraction_a_double_rounds_to_whole_is_no_whole_number(tmp_path, capsys, face):
    """'2000.0000000000001' is no whole number, though its double is 2000.0: never 'give
    2000' (the command line read the text so; a config file's float is read by its text)."""
    (tmp_path / "t.csv").write_text("y,p,g\n1,1,a\n0,0,b\n")
    (tmp_path / "c.yaml").write_text(
        f"target: {{file: {tmp_path / 't.csv'}}}\nroles: {{y_true: y, y_pred: p, protected: [g]}}"
        "\npolicy: {n_boot: 2000.0000000000001}\n"
    )
    flag = ["audit", str(tmp_path / "t.csv"), "--n-boot", "2000.0000000000001"]
    argv = flag if face == "flag" else ["audit", "--config", str(tmp_path / "c.yaml")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "2000.0000000000001" in err and "give 2000" not in err and WORDS not in err, err
