"""MonitorRequest's own checks of its numbers (thresholds, alpha, floors, draws, seed,
baseline windows) name the Python argument ("argument 'di_threshold'"), as run_monitor's other
refusals do; before round 44 they said "option '--di-threshold'" to a Python caller. The
command line keeps its flags, a config file its keys."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

from .conftest import run_cli

CASES = [
    ({"di_threshold": 1.0}, "from 0.01 up to"),
    ({"eo_threshold": 0.0}, "strictly between 0 and 1"),
    ({"alpha": 2.0}, "strictly between 0 and 1"),
    ({"alpha": 1e-300}, "is below 1e-12"),
    ({"min_group_size": 0}, "at least 1"),
    ({"min_labels": -1}, "at least 1"),
    ({"n_draws": 3}, "too few draws"),
    ({"seed": -5}, "non-negative"),
    ({"baseline_windows": 0}, "at least 1"),
]


@pytest.mark.parametrize(("given", "words"), CASES)
def test_python_callers_are_told_the_argument(tmp_path, given, words):
    (name,) = given
    kw = {"time": "t", "window": "1d", "y_pred": "p", "protected": ("g",), **given}
    with pytest.raises(EthicLensInputError, match=words) as caught:
        MonitorRequest(str(tmp_path / "f.csv"), **kw)
    assert str(caught.value).startswith(f"argument '{name}': "), caught.value
    assert caught.value.column == name and "--" not in str(caught.value), caught.value


def test_the_command_line_keeps_its_flags_and_a_config_its_keys(tmp_path, capsys):
    feed = tmp_path / "f.csv"
    feed.write_text("t,p,g\n2024-01-01T00:00:00Z,1,a\n2024-01-01T01:00:00Z,0,b\n")
    base = ["monitor", "--time", "t", "--window", "1d", "--store", tmp_path / "s.sqlite"]
    roles = ["--y-pred", "p", "--protected", "g"]
    for flag, value in (("--di-threshold", "1.0"), ("--alpha", "2"), ("--eo-threshold", "0")):
        rc, _, err = run_cli(capsys, *base, feed, *roles, flag, value)
        assert rc == 2 and err.startswith(f"error: option '{flag}': "), err
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target: {{file: {feed}}}\nroles: {{y_pred: p, protected: [g]}}\n"
        "policy: {di_threshold: 1.0}\n"
    )
    rc, _, err = run_cli(capsys, *base, "--config", config)
    assert rc == 2 and err.startswith("error: key 'policy.di_threshold': "), err
    assert not (tmp_path / "s.sqlite").exists()
