"""Round 16: a role a benchmark cannot use is refused by name, on every command and in Python."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("command", ["audit", "compare", "thresholds"])
@pytest.mark.parametrize(
    ("flag", "value"),
    [("--pos-label", "1"), ("--weight", "w"), ("--y-true", "x")],
)
def test_role_flag_on_a_benchmark_is_refused_naming_it(command, flag, value, capsys):
    assert main([command, "compas", flag, value, "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}': is not used with a benchmark" in err


def test_audit_of_a_benchmark_refuses_one_y_pred(capsys):
    assert main(["audit", "german", "--y-pred", "x"]) == 2
    assert "option '--y-pred': is not used with a benchmark" in capsys.readouterr().err


def test_python_run_refuses_pos_label_on_a_benchmark():
    with pytest.raises(EthicLensInputError, match="argument 'pos_label': is not used with a b"):
        ethiclens.run("compas", pos_label=1, n_boot=100)
