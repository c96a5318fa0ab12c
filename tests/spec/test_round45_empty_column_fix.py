"""Round 45 (lead, from the engines hunt): a blank protected attribute got two fixes: ''
was told "give the column's name (it has no default)" (the spec, the engines' keywords)
while ' ' and '=F' were told "give the column's name: COL or COL=REFERENCE" (the flag's
parser). One fix (``_checks.empty_fix``) on every face and engine."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

FIX = "give the column's name: COL or COL=REFERENCE (it has no default)"


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    return path


@pytest.mark.parametrize("value", ["", " ", "=F"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_flag_gives_one_fix(data, capsys, value, engine):
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", value]
    assert main([*argv, "--engine", engine]) == 2
    assert capsys.readouterr().err.endswith(f"Fix: {FIX}\n")


@pytest.mark.parametrize("value", ["", " "])
def test_python_gives_the_same_fix(data, value):
    with pytest.raises(EthicLensInputError, match="must not be empty") as caught:
        ethiclens.audit(str(data), y_true="y", y_pred="p", protected=value)
    assert caught.value.fix == FIX
