"""run_monitor names a refusal of a request's group edit or column by the MonitorRequest
field that set it ("argument 'exclude_groups'"), as the Python audit names its keywords; the
command line keeps its flags ("option '--exclude-group'"), a config file its keys."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli


@pytest.fixture
def feed(tmp_path):
    rng = np.random.default_rng(5)
    n = 96
    pd.DataFrame(
        {
            "t": pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
        }
    ).to_csv(tmp_path / "f.csv", index=False)
    return tmp_path / "f.csv"


CASES = [
    ({"exclude_groups": {"g": ["a"]}}, "exclude_groups", "leaves fewer than two"),
    ({"exclude_groups": {"zz": ["a"]}}, "exclude_groups", "unknown attribute 'zz'"),
    ({"merge_groups": {"zz": {"N": ["a", "b"]}}}, "merge_groups", "unknown attribute 'zz'"),
    ({"time": "nope"}, "time", "column 'nope' not found"),
    ({"y_pred": "nope"}, "y_pred", "column 'nope' not found"),
]


@pytest.mark.parametrize(("edits", "name", "words"), CASES)
def test_python_callers_are_told_the_argument(tmp_path, feed, edits, name, words):
    kw = {"time": "t", "window": "1d", "y_pred": "p", "protected": ("g",), **edits}
    with pytest.raises(EthicLensInputError, match=words) as caught:
        run_monitor(MonitorRequest(str(feed), **kw), tmp_path / "s.sqlite")
    assert str(caught.value).startswith(f"argument '{name}': "), caught.value
    assert caught.value.column == name and "--" not in str(caught.value)
    assert not (tmp_path / "s.sqlite").exists()


def test_the_command_line_keeps_its_flags(tmp_path, feed, capsys):
    rc, _, err = run_cli(
        capsys, "monitor", feed, "--time", "t", "--window", "1d", "--y-pred", "p",
        "--protected", "g", "--exclude-group", "g=a", "--store", tmp_path / "s.sqlite",
    )  # fmt: skip
    assert rc == 2 and err.startswith("error: option '--exclude-group': excluding"), err
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target: {{file: {feed}}}\nroles: {{y_pred: p, protected: [g]}}\n"
        "groups: {exclude: {g: [a]}}\n"
    )
    rc, _, err = run_cli(
        capsys, "monitor", "--config", config, "--time", "t", "--window", "1d",
        "--store", tmp_path / "s.sqlite",
    )  # fmt: skip
    assert rc == 2 and err.startswith("error: key 'groups.exclude': excluding"), err
