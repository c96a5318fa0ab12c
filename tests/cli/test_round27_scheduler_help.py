"""Round 27: every command's ``--scheduler`` reads as one value in ``--help`` (ADDRESS), not as
a choice among a placeholder and a word (``ADDRESS|local-cluster``); its help says the words
it takes."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ethiclens.cli import cli

COMMANDS = [
    ["audit"],
    ["compare"],
    ["thresholds"],
    ["counts"],
    ["monitor"],
    ["pcer", "sweep"],
    ["p2nia", "experiment"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_scheduler_option_shows_one_readable_metavar(command):
    result = CliRunner().invoke(cli, [*command, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.strip().startswith("--scheduler"))
    assert re.match(r"\s*--scheduler ADDRESS\s", line + " "), line
    assert "local-cluster" in result.output.split("\n  --scheduler ", 1)[1].split("\n  --")[0]
