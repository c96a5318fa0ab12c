"""Round 42: the monitor's --alpha given no number (abc) or one that underflows (1e-400) was
told "give a number (e.g. 0.5)", while its range refusal says "e.g. 0.05": a false-alarm
chance of 0.5 is no example to give. Every refusal of --alpha now gives the same example."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.spec import field_fix


def test_field_fix_knows_the_monitors_alpha():
    assert field_fix("--alpha") == "e.g. 0.05"
    assert field_fix("--alpha", typed=True) == "give a number, e.g. 0.05"


@pytest.mark.parametrize("typed", ["abc", "1e-400", "1"])
def test_every_alpha_refusal_gives_the_same_example(tmp_path, capsys, typed):
    data = tmp_path / "d.csv"
    data.write_text("y,p,g,t\n1,0,a,0\n0,1,b,1\n")
    args = ["monitor", str(data), "--time", "t", "--window", "1", "--store", str(tmp_path / "m.db")]
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, *roles, "--alpha", typed]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--alpha': ") and err.rstrip().endswith("e.g. 0.05"), err
    assert "0.5)" not in err
