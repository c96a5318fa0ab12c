"""Round 31 review: a TARGET that exists but is no regular file (``/dev/null``, a FIFO) is
refused as such on every engine: pandas said "/dev/null is not a regular file", DuckDB and
Dask "cannot read null: unknown file type ''" (the name's kind was checked first)."""

import os

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_dev_null_is_not_a_regular_file_on_every_engine(capsys, engine):
    assert main(["audit", "/dev/null", *ROLES, "--engine", engine]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith("error: /dev/null is not a regular file. Fix: name ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_fifo_is_not_a_regular_file_on_every_engine(tmp_path, capsys, engine):
    fifo = tmp_path / "x"
    os.mkfifo(fifo)
    assert main(["audit", str(fifo), *ROLES, "--engine", engine]) == 2
    assert f"error: {fifo} is not a regular file. Fix: name " in capsys.readouterr().err
