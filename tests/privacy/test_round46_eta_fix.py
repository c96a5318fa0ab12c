"""Round 46: ``pcer audit --eta 1e-400`` (or text that is no number) was told "give a number
(e.g. 0.5)", a floor no PCER run uses; every --eta refusal now gives check_eta's fix."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("value", ["1e-400", "abc"])
def test_every_eta_refusal_gives_the_floors_fix(capsys, value):
    assert main(["pcer", "audit", "x", "--eta", value]) == 2
    err = capsys.readouterr().err
    assert "option '--eta'" in err and "Fix: " in err
    assert "e.g. 1e-3 (the default)" in err and "0.5" not in err
