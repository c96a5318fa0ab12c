"""Round 43 review (rp2n2) of ff004d02: release() refusing bins of a non-numeric column told a
Python caller the command line's flag ("drop --bins cat"), the sibling the hunter's renaming
kept; now "drop 'cat' from discretization". The command line's words are unchanged."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import p2nia
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _data() -> pd.DataFrame:
    i = np.arange(20)
    sex = np.where(i % 2 == 0, "F", "M")
    return pd.DataFrame(
        {"sex": sex, "y": i % 3 % 2, "p": i // 2 % 2, "cat": np.where(i % 3, "x", "z")}
    )


def test_python_bins_of_a_category_column_name_discretization():
    req = p2nia.make_request(
        n=10, protected="sex", protected_domain=["F", "M"], epsilon=5.0, mechanism="mst"
    )
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(req, _data(), "y", "p", columns=["cat"], discretization={"cat": [0, 1, 2]})
    text = str(err.value)
    assert err.value.column == "cat"
    assert "Fix: drop 'cat' from discretization: its values are released as categories" in text
    assert "--bins" not in text


def test_cli_bins_of_a_category_column_words_unchanged(tmp_path, capsys):
    _data().to_csv(tmp_path / "d.csv", index=False)
    req = str(tmp_path / "r.json")
    args = ["--n", "10", "--protected", "sex", "--groups", "F,M", "--epsilon", "5", "--out", req]
    assert main(["p2nia", "request", "--mechanism", "mst", *args]) == 0
    data = ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
    rest = ["--columns", "cat", "--bins", "cat=0,1,2", "--out", str(tmp_path / "rel")]
    capsys.readouterr()
    assert main(["p2nia", "release", "--request", req, *data, *rest]) == 2
    err = capsys.readouterr().err
    assert "Fix: drop --bins cat: its values are released as categories" in err
    assert "discretization" not in err
