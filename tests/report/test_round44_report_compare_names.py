"""Round 44: two models whose names differ only by what no page shows ('p' and 'p ', a
trailing space; 'm' and 'm\\u200b') were compared, and the comparison report titled 'p  vs p'
(one space on the page), its columns 'status p' and 'status p ' read alike, and the terminal's
'p 0.758, p  1.013' could not say which model was which. Such names are refused now, as two
groups that print the same are: by compare(names=...) in Python, and by the command line,
a config file and the web app (one check of the two prediction columns). So are two names
alike once their passwords are masked, as every face masks them ('token=a', 'token=b')."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
import ethiclens.sources  # noqa: F401 - imported at collection, not in the first test
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _data(n=200):
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "p ": rng.integers(0, 2, n),
            "g": np.array(["a", "b"])[np.arange(n) % 2],
        }
    )


ALIKE = [("m", "m "), (" m", "m"), ("m", "m\u200b"), ("a  b", "a b")]
# each face masks a password: both read 'token=***', 'postgresql://u:***@h/db'
MASKED_ALIKE = [("token=a", "token=b"), ("postgresql://u:a@h/db", "postgresql://u:b@h/db")]


@pytest.mark.parametrize("names", ALIKE + MASKED_ALIKE)
def test_compare_refuses_names_that_print_the_same(names):
    df = _data()
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.compare(df.y, df.p, df["p "], df.g, n_boot=100, random_state=0, names=names)
    assert caught.value.column == "names"
    assert "print the same" in str(caught.value)


def test_a_blank_name_is_refused_as_an_empty_one():
    df = _data()
    with pytest.raises(EthicLensInputError, match="two non-empty strings"):
        ethiclens.compare(df.y, df.p, df["p "], df.g, n_boot=100, names=("\u200b", "B"))


def test_distinct_names_still_compare():
    df = _data()
    for names in [("m", "M"), ("token=a", "B")]:
        c = ethiclens.compare(df.y, df.p, df["p "], df.g, n_boot=100, random_state=0, names=names)
        assert c.names == names


def test_the_command_line_refuses_two_columns_that_print_the_same(tmp_path, capsys):
    path = tmp_path / "d.csv"
    _data().to_csv(path, index=False)
    argv = ["compare", str(path), "--y-true", "y", "--y-pred", "p", "--y-pred", "p "]
    argv += ["--protected", "g", "--n-boot", "100", "--html", str(tmp_path / "c.html")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "option '--y-pred': the two models' columns print the same" in err
    assert "'p', 'p '" in err
    assert not (tmp_path / "c.html").exists()
