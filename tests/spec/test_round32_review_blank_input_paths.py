"""Round 32 review: a blank path given to --baseline or --card-info (gate.baseline,
model.card_info; outputs in Python and a config file too) is refused 'must not be empty', as
'' and a blank output (--json ' ') are: it was looked for as a file named ' ' ("file   does
not exist")."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

ARGS = ["audit", "adult", "--n-boot", "100"]


@pytest.mark.parametrize("flag", ["--baseline", "--card-info"])
def test_the_command_line_refuses_a_blank_path(capsys, flag):
    assert main([*ARGS, flag, " "]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': must not be empty (value: ' ')"), err


@pytest.mark.parametrize("key", ["gate.baseline", "model.card_info", "outputs.json", "outputs.csv"])
def test_a_spec_refuses_a_blank_path(key):
    section, name = key.split(".")
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_dict({section: {name: "  "}})
    assert str(caught.value).startswith(f"key '{key}': must not be empty"), caught.value
