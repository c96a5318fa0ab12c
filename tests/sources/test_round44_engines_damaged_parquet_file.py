"""Round 44 (engines): a folder holding one Parquet file with no footer (damaged, or still
being written) was refused on every engine as "cannot read FOLDER: Parquet magic bytes not
found in footer. ... not a parquet file.. Fix: check the file's format": which of the folder's
files could not be read went unsaid, and the message held a double period. Now the file is
named by its path (the same words on every engine, audit and monitor alike) and the fix says
what to do with a file still being written."""

import pandas as pd
import pytest

from ethiclens.cli import main

FRAME = pd.DataFrame(
    {"t": ["2024-01-01"] * 4, "g": ["a", "b"] * 2, "y": [0, 1, 1, 0], "p": [1, 1, 0, 0]}
)
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    FRAME.to_parquet(folder / "1.parquet")
    FRAME.assign(y=[1, 1, 1, 0]).to_parquet(folder / "3.parquet")
    whole = (folder / "1.parquet").read_bytes()
    (folder / "2.parquet").write_bytes(whole[: len(whole) // 2])  # its footer not yet written
    return folder


@pytest.mark.parametrize("command", ["audit", "monitor"])
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_the_unreadable_file_of_a_folder_is_named(folder, tmp_path, capsys, engine, command):
    argv = [command, str(folder), *ROLES, "--engine", engine]
    if command == "monitor":
        argv += ["--time", "t", "--window", "1d", "--store", str(tmp_path / "store")]
    assert main(argv) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"error: cannot read {folder / '2.parquet'}: "), said
    assert "magic bytes" in said and ".. Fix" not in said
    assert said.endswith(
        "Fix: check the file's format; a Parquet file still being written has no footer yet: "
        "if it is being written, run again once it is complete, else export it again"
    )
    assert not (tmp_path / "store").exists()
