"""Round 48 (second wave: nothing secret written): a merged group's new name holding a password
or a secret key's value (merge_groups={'g': {'password=x': ['A', 'B']}}, --merge-groups
'g=A,B:password=x', a config's groups.merge, the monitor's) was taken as the group's name and
written whole into the JSON report (and the monitor's store), while a group value so written in
the data is refused (_checks._refuse_secret_labels). The new name is now refused the same way,
on every face, naming the argument, flag or key, the value masked."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

PROBLEM = "the merged group's new name holds a password or a secret key's value"


@pytest.fixture
def data(tmp_path):
    n = 48
    times = pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ")
    frame = pd.DataFrame({"ts": times, "y": [0, 1] * (n // 2), "p": [1, 0, 0, 1] * (n // 4)})
    frame["g"] = ["A", "B", "C"] * (n // 3)
    frame.to_csv(tmp_path / "d.csv", index=False)
    return tmp_path


def test_python_refuses_it(data):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.run(
            file=str(data / "d.csv"), y_true="y", y_pred="p", protected="g", n_boot=100,
            merge_groups={"g": {"password=hunter2": ["A", "B"]}},
        )  # fmt: skip
    assert (err.value.kind, err.value.column) == ("argument", "merge_groups")
    assert PROBLEM in str(err.value) and "hunter2" not in str(err.value)


@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_the_command_line_refuses_it(data, capsys, command):
    args = [command, str(data / "d.csv"), "--y-pred", "p", "--protected", "g"]
    if command == "monitor":
        args += ["--time", "ts", "--window", "1d", "--store", str(data / "s.sqlite")]
    else:
        args += ["--y-true", "y", "--engine", "pandas"]
    assert main([*args, "--merge-groups", "g=A,B:password=hunter2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '--merge-groups': {PROBLEM}"), err
    assert "hunter2" not in err and not (data / "s.sqlite").exists()
