"""Round 31 review: dates refused as groups (or as values to bin) give the command line's fix
in its words (a year/period column written into the file, given as --protected), not pandas
code; the Python face keeps ``df['d'].dt.year``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

N = 200


def _frame() -> pd.DataFrame:
    r = np.random.default_rng(0)
    days = pd.Timestamp("2020-01-01") + pd.to_timedelta(np.arange(N), unit="D")
    two = pd.to_datetime(["2020-01-01", "2021-01-01"] * (N // 2))
    return pd.DataFrame({"y": r.integers(0, 2, N), "p": r.integers(0, 2, N), "d": days, "d2": two})


@pytest.mark.parametrize(
    ("protected", "more"), [("d", []), ("d2", ["--bins", "d2=0,1"])], ids=["many", "binned"]
)
def test_the_command_line_says_files_and_flags(tmp_path, capsys, protected, more):
    path = tmp_path / "dates.parquet"
    _frame().to_parquet(path)
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", protected]
    code = main([*args, *more])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "a year/period column written into the file, given as --protected" in err
    assert "pandas" not in err and "dt.year" not in err


def test_python_keeps_the_pandas_words():
    frame = _frame()
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(frame["y"], frame["p"], frame[["d"]])
    assert "pandas df['d'].dt.year" in str(err.value)
