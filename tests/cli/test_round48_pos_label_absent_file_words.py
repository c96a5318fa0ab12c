"""Round 48 (second wave, 89aa0f6e's sibling: a command line's fix in pandas code): a
--pos-label that no value of the label or prediction column matches was refused on the command
line (audit, monitor; every engine) with Python's fix, "recode one column to the other's
values (pandas: .map({'yes': 1, 'no': 0})) and name that value". The fix is now a FaceFix: the
command line says to recode the column in the file; Python keeps the pandas call."""

import pandas as pd
import pytest

from ethiclens.cli import main

FILE_WORDS = "recode one column to the other's values in the file and name that value"


@pytest.fixture
def data(tmp_path):
    n = 48
    times = pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ")
    frame = pd.DataFrame(
        {"ts": times, "y": ["no", "yes"] * (n // 2), "p": ["yes", "no"] * (n // 2)}
    )
    frame["g"] = ["A"] * (n // 2) + ["B"] * (n // 2)
    frame.to_csv(tmp_path / "d.csv", index=False)
    return tmp_path


@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_the_command_line_names_the_file_not_pandas(data, capsys, command):
    args = [command, str(data / "d.csv"), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    if command == "monitor":
        args += ["--time", "ts", "--window", "1d", "--store", str(data / "s.sqlite")]
    assert main([*args, "--pos-label", "maybe", "--engine", "pandas"]) == 2
    err = capsys.readouterr().err
    assert "option '--pos-label': no row of the column" in err, err
    assert FILE_WORDS in err and "pandas" not in err, err


def test_python_keeps_the_pandas_call():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.fairness._validate import positive_mask

    with pytest.raises(EthicLensInputError) as err:
        positive_mask(pd.Series(["yes", "no"]), "p (y_pred)", "maybe")
    assert "(pandas: .map({'yes': 1, 'no': 0})) and name that value" in err.value.fix
