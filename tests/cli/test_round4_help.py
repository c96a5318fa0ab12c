"""--help lists only what a command does (round 4): compare has no --baseline gate and reads
no counts table; the threshold view reads no counts table; their --engine help says auto reads
a single file in memory."""

import pytest
from click.testing import CliRunner

from ethiclens.cli import cli


@pytest.mark.parametrize(
    ("command", "absent"),
    [("compare", ["--baseline", "--counts"]), ("thresholds", ["--counts", "--fail-on"])],
)
def test_help_lists_no_option_the_command_always_refuses(command, absent):
    text = CliRunner().invoke(cli, [command, "--help"], terminal_width=200).output
    assert "--engine" in text and f"{command}: auto reads a single file in memory" in text
    for flag in absent:
        assert f"{flag} " not in text
