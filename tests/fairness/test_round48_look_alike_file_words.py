"""Round 48 review: a command line that takes no group edits (probe make-counterfactuals,
pcer audit, counts) refused group names apart only by the whitespace around them ('F' and
'F ') with the fix "strip the whitespace ... (pandas: .str.strip())": pandas code on the
command line. It now says the file's change there (Python keeps the pandas call)."""

import io
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "gender"]


def _file(tmp_path) -> str:
    y = np.array([0, 1, 1, 0, 1] * 8)
    df = pd.DataFrame({"gender": ["F", "F ", "M", "N"] * 10, "label": y, "pred": y[::-1]})
    df.to_parquet(tmp_path / "b.parquet")
    return str(tmp_path / "b.parquet")


@pytest.mark.parametrize("command", ["probe", "counts"])
def test_cli_without_group_edits_says_the_file_fix_not_pandas(tmp_path, command):
    path = _file(tmp_path)
    if command == "probe":
        argv = ["probe", "make-counterfactuals", path, "--protected", "gender"]
    else:
        argv = ["counts", path, *ROLES]
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        code = main([*argv, "--out", str(tmp_path / "o.csv")])
    err = err.getvalue().strip().splitlines()[-1]
    assert code == 2 and "strip the whitespace around the group names in the file" in err, err
    assert "pandas" not in err and "--merge-groups" not in err, err


def test_python_keeps_the_pandas_call():
    from ethiclens.probes import make_counterfactuals

    with pytest.raises(EthicLensInputError) as exc:
        make_counterfactuals(pd.DataFrame({"gender": ["F", "F ", "M"], "x": [1, 2, 3]}), "gender")
    assert "(pandas: .str.strip())" in str(exc.value.fix), exc.value.fix
