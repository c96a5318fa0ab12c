"""Round 45: every refusal MonitorRequest makes as it is built names the Python argument, as
its number checks did since round 44: a wrong type (time=5, hold_last='yes'), the window, the
engine, the empty text options, the database's and the baseline's names, two baselines, two
roles sharing a column. Before they said "option '--time'", "option '--hold-last'" ... to a
Python caller. The command line keeps its flags, a config file its keys."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

from .conftest import run_cli

ROLES = {"time": "t", "window": "1d", "y_pred": "p", "protected": ("g",)}
CASES = [
    ({"time": 5}, "time", "must be text"),
    ({"window": "3x"}, "window", "not a window size"),
    ({"window": 7}, "window", "must be text"),
    ({"engine": "polars"}, "engine", "DuckDB, pandas"),
    ({"hold_last": "yes"}, "hold_last", "True or False"),
    ({"scheduler": ""}, "scheduler", "must not be empty"),
    ({"protected": ()}, "protected", "is required"),
    ({"baseline_period": "xx"}, "baseline_period", "two dates"),
    ({"baseline_table": "b", "baseline_windows": 2}, "baseline_table", "not both"),
    ({"time": "p"}, "time", "one column plays two roles"),
    ({"db": "sqlite:///m.db", "table": "m", "engine": "pandas"}, "engine", "reads files"),
]


@pytest.mark.parametrize(("given", "name", "words"), CASES)
def test_python_callers_are_told_the_argument(tmp_path, given, name, words):
    with pytest.raises(EthicLensInputError, match=words) as caught:
        MonitorRequest(str(tmp_path / "f.csv"), **{**ROLES, **given})
    assert str(caught.value).startswith(f"argument '{name}': "), caught.value
    assert caught.value.column == name and "--" not in str(caught.value), caught.value


def test_the_command_line_keeps_its_flags_and_a_config_its_keys(tmp_path, capsys):
    feed = tmp_path / "f.csv"
    feed.write_text("t,p,g\n2024-01-01T00:00:00Z,1,a\n2024-01-01T01:00:00Z,0,b\n")
    store = tmp_path / "s.sqlite"
    roles = ["--y-pred", "p", "--protected", "g", "--store", store]
    for argv, head in (
        (["--time", "t", "--window", "3x"], "option '--window'"),
        (["--time", "p", "--window", "1d"], "option '--time'"),
        (["--time", "t", "--window", "1d", "--baseline-period", "x"], "option '--baseline-period'"),
    ):
        rc, _, err = run_cli(capsys, "monitor", feed, *argv, *roles)
        assert rc == 2 and err.startswith(f"error: {head}: "), err
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {{file: {feed}}}\nroles: {{y_pred: p, protected: []}}\n")
    rc, _, err = run_cli(capsys, "monitor", "--config", config, "--time", "t", "--window", "1d",
                         "--store", store)  # fmt: skip
    assert rc == 2 and err.startswith("error: key 'roles.protected': is required"), err
    assert not store.exists()


def test_numpys_booleans_are_hold_last_as_pythons(tmp_path):
    """hold_last=np.True_ (an array's item) was refused "must be True or False (value:
    'bool')": a refusal of the value it asked for. It is Python's True; 1 is still refused."""
    import numpy as np

    for given in (np.True_, np.False_):
        request = MonitorRequest(str(tmp_path / "f.csv"), **ROLES, hold_last=given)
        assert request.hold_last is bool(given)
    with pytest.raises(EthicLensInputError, match="argument 'hold_last': must be True or False"):
        MonitorRequest(str(tmp_path / "f.csv"), **ROLES, hold_last=1)
