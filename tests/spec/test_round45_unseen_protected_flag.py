"""Round 45: a protected attribute of characters that print as nothing (a zero-width space
U+200B, a Hangul filler U+3164) passed --protected's blank check (``str.strip`` keeps them) and
was refused later as "column '\\u200b': not found", where ' ' is refused as empty with its
fix. The flag's parser now uses the one rule (``_text.prints_blank``) on every face."""

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


@pytest.mark.parametrize("value", ["\u200b", "\u3164=a", "\u2800"], ids=ascii)
def test_the_flag_refuses_it_as_empty(data, capsys, value):
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", value]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--protected': must not be empty"), err
    assert err.endswith(f"Fix: {FIX}\n"), err


def test_python_refuses_it_as_empty(data):
    with pytest.raises(EthicLensInputError, match="must not be empty") as caught:
        ethiclens.audit(str(data), y_true="y", y_pred="p", protected="\u200b")
    assert caught.value.fix == FIX
