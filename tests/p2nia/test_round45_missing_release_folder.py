"""Round 45: 'ethiclens p2nia estimate nope/' (read_release('nope/')) said 'nope is not a P2NIA
release (needs release.csv and manifest.json)' of a folder that does not exist, where every
other command says a missing path does not exist (a typo reads as a wrong folder). A missing
folder is now said to be missing, a file given from Python to be a file; a folder without
the release's files keeps the old words."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import read_release


def _problem(path) -> str:
    with pytest.raises(EthicLensInputError) as err:
        read_release(path)
    assert err.value.column == "release_dir"
    return err.value.problem


def test_each_kind_of_path_named(tmp_path):
    missing = tmp_path / "nope"
    assert _problem(missing) == f"{missing} is not a P2NIA release: the folder does not exist"
    (afile := tmp_path / "afile").write_text("x")
    assert _problem(afile) == f"{afile} is not a P2NIA release: it is a file, not a folder"
    assert "is not a P2NIA release (needs release.csv" in _problem(tmp_path)


def test_cli_says_it_does_not_exist(tmp_path, capsys):
    assert main(["p2nia", "estimate", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert "argument 'RELEASE_DIR': " in err and "release: the folder does not exist" in err
