"""Round 43 (p2n2): an infinite value in a binned extra column, and flags in Python's words.

- ``p2nia release --columns age --bins age=0,50,100`` of data holding ``inf`` was told "bin
  edges 0..100 do not cover the data (min 18, max inf). Fix: ... end them at or above inf",
  an edge no check takes (edges are finite). Now the infinite values are refused as such,
  naming the column, how many and the first row, the fix to drop them or pass --open-bins.
- ``release()`` refusing a data column of a Python caller named the command line's flags in
  its fix ("drop job from --columns", "add audit rows to --data"): now its arguments.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import p2nia
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _data(rows: int = 20) -> pd.DataFrame:
    i = np.arange(rows)
    age = (18 + 3 * i).astype(float)
    age[4], age[min(7, rows - 1)] = np.inf, -np.inf
    sex = np.where(i % 2 == 0, "F", "M")
    return pd.DataFrame({"sex": sex, "y": i % 3 % 2, "p": i // 2 % 2, "age": age, "job": "a"})


@pytest.fixture
def request_mst():
    return p2nia.make_request(
        n=10, protected="sex", protected_domain=["F", "M"], epsilon=5.0, mechanism="mst"
    )


def test_python_infinite_values_refused_as_such(request_mst):
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(
            request_mst, _data(), "y", "p", columns=["age"], discretization={"age": [0, 50, 100]}
        )
    text = str(err.value)
    assert err.value.column == "age"
    assert "2 infinite value(s), first at row 4" in text
    assert "at or above inf" not in text
    assert "open_bins" in text and "--open-bins" not in text


def test_cli_infinite_values_refused_naming_the_line(tmp_path, capsys):
    _data().to_csv(tmp_path / "d.csv", index=False)
    req = str(tmp_path / "r.json")
    args = ["--n", "10", "--protected", "sex", "--groups", "F,M", "--epsilon", "5"]
    assert main(["p2nia", "request", *args, "--mechanism", "mst", "--out", req]) == 0
    data = ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p"]
    cols = ["--columns", "age", "--bins", "age=0,50,100", "--out", str(tmp_path / "rel")]
    capsys.readouterr()
    assert main(["p2nia", "release", "--request", req, *data, *cols]) == 2
    err = capsys.readouterr().err
    assert "column 'age': 2 infinite value(s), first at d.csv line 6" in err
    assert "--open-bins" in err and "at or above inf" not in err
    assert not (tmp_path / "rel").exists()


def test_python_fix_names_arguments_not_flags(request_mst):
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(request_mst, _data(), "y", "p", columns=["job"])
    assert "drop job from columns" in str(err.value) and "--columns" not in str(err.value)
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(request_mst, _data(5), "y", "p")
    assert "add audit rows to data" in str(err.value) and "--data" not in str(err.value)
