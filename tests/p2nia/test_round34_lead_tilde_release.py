"""Round 34 (lead): a release folder given with a literal '~' (quoted in a shell, or so from
Python) that is not a release is told that the path is read as written, as every input and
output path is (d027b32b, 61a3cebf); was only "give the folder the platform wrote"."""

import os

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import read_release

AS_WRITTEN = "Fix: the path is read as written, '~' too: give the full path (e.g. "


def test_a_tilde_release_from_python_says_it_is_read_as_written():
    with pytest.raises(EthicLensInputError) as exc:
        read_release("~/no-release-34")
    said = str(exc.value)
    assert said.startswith("argument 'release_dir': ~/no-release-34 is not a P2NIA release")
    assert AS_WRITTEN + os.path.expanduser("~/no-release-34") in said


def test_a_tilde_release_on_the_command_line_says_it_is_read_as_written(capsys):
    assert main(["p2nia", "estimate", "~/no-release-34"]) == 2
    assert AS_WRITTEN in capsys.readouterr().err


def test_a_release_without_tilde_keeps_its_words():
    with pytest.raises(EthicLensInputError) as exc:
        read_release("no-release-34")
    assert str(exc.value).endswith(
        "Fix: give the folder the platform wrote with ethiclens p2nia release"
    )
