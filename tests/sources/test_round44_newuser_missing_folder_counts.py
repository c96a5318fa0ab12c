"""Round 44 new-user walk: 'ethiclens counts nodir/ ...' and 'ethiclens monitor nodir/ ...'
said 'file nodir does not exist' (the slash dropped by a Path before io.refuse_missing); a
trailing separator says folder, as 'audit nodir/' does."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_table, refuse_missing
from ethiclens.sources._duckdb import resolve_files


@pytest.mark.parametrize("call", [resolve_files, read_table, refuse_missing])
def test_missing_folder_is_named_a_folder(tmp_path, monkeypatch, call):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match="folder nodir/ does not exist"):
        call("nodir/")
    with pytest.raises(EthicLensInputError, match="file nofile does not exist"):
        call("nofile")


@pytest.mark.parametrize(
    "args",
    [
        ["counts", "nodir/", "--protected", "race", "--y-pred", "p", "--out", "c.parquet"],
        [
            "monitor",
            "nodir/",
            "--protected",
            "race",
            "--y-pred",
            "p",
            "--time",
            "t",
            "--window",
            "1d",
        ],
    ],
)
def test_counts_and_monitor_say_folder(tmp_path, monkeypatch, capsys, args):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert "folder nodir/ does not exist" in capsys.readouterr().err
