"""Round 48 leftover: a whole number written as a decimal where a whole number is wanted was
refused in three wordings: '--n-boot 200.0' "'200.0' is not a valid integer", '--min-group-size
50.0' and 'min_group_size=50.0' "must be a whole number of at least 1", 'n_boot=200.0' "must be
a whole number (an integer) of interval draws", while a config's 'policy.n_boot: 200.0' said
"must be a whole number, written without a decimal point. Fix: give 200". Every face now says
the config's words, naming its flag, key or argument; a number out of range keeps its range's
words (min_group_size=0.0)."""

import numpy as np
import pytest

from ethiclens import audit
from ethiclens._checks import check_count, check_draws
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import check_n_boot

WORDS = "must be a whole number, written without a decimal point"
WINDOWS = ["--time", "t", "--window", "1"]  # the option's check runs once the command's are given


@pytest.mark.parametrize(
    "argv, said",
    [
        (["audit", "t.csv", "--n-boot", "200.0"], "option '--n-boot': "),
        (["audit", "t.csv", "--min-group-size", "50.0"], "option '--min-group-size': "),
        (["monitor", "t.csv", *WINDOWS, "--n-boot", "200.0"], "option '--n-boot': "),
        (["monitor", "t.csv", *WINDOWS, "--min-group-size", "50.0"], "option '--min-group-size': "),
        (["p2nia", "estimate", ".", "--n-boot", "200.0"], "option '--n-boot': "),
        (["audit", "--config", "c.yaml"], "key 'policy.n_boot': "),
    ],
)
def test_every_face_says_one_wording(tmp_path, capsys, monkeypatch, argv, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("y,p,g\n1,1,a\n0,0,b\n")
    (tmp_path / "c.yaml").write_text(
        "target: {file: t.csv}\nroles: {y_true: y, y_pred: p, protected: [g]}\n"
        "policy: {n_boot: 200.0}\n"
    )
    assert main(argv) == 2
    err = capsys.readouterr().err
    number = "200" if "n-boot" in said or "n_boot" in said else "50"
    assert said + WORDS in err and f"Fix: give {number}" in err, err


@pytest.mark.parametrize(
    "options, said",
    [
        (dict(n_boot=200.0), "argument 'n_boot': " + WORDS),
        (dict(n_boot=np.float64(300)), "argument 'n_boot': " + WORDS),
        (dict(min_group_size=50.0), "argument 'min_group_size': " + WORDS),
        (dict(min_group_size=0.0), "argument 'min_group_size': must be a whole number of at"),
        (dict(n_boot=50.0), "argument 'n_boot': must be a whole number (an integer) of interval"),
    ],
)
def test_python_arguments(options, said):
    with pytest.raises(EthicLensInputError) as caught:
        audit([1, 0], [1, 0], ["a", "b"], **options)
    assert str(caught.value).startswith(said), caught.value


def test_checks_and_siblings():
    with pytest.raises(EthicLensInputError, match="written without an exponent.*give 200"):
        check_draws("2e2", "--n-boot")
    with pytest.raises(EthicLensInputError, match="argument 'n_boot': " + WORDS + ".*give 500"):
        check_n_boot(500.0, "n_boot")
    with pytest.raises(EthicLensInputError, match="option '--baseline-windows': " + WORDS):
        check_count("3.0", "--baseline-windows")
    assert check_count(3, "--baseline-windows") == 3
