"""Round 32: ``pcer tables --out ''`` (or blank) wrote the nine table files into the working
folder ("wrote 9 files to : ..."), exit 0; every other path option refuses a blank path."""

from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._pcer_commands import tables_to_folder

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


@pytest.mark.parametrize("out", ["", " ", "\t"])
def test_a_blank_tables_folder_is_refused_and_nothing_written(tmp_path, monkeypatch, capsys, out):
    monkeypatch.chdir(tmp_path)
    assert main(["pcer", "tables", str(STORE), "--out", out]) == 2
    assert "--out" in capsys.readouterr().err
    with pytest.raises(EthicLensInputError, match="must not be empty"):
        tables_to_folder(STORE, out)
    assert list(tmp_path.iterdir()) == []
