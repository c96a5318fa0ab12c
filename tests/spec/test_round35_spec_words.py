"""Round 35 (spec): requests in their face's words, and the file names a face is given."""

import json
import os
import sys

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.skipif(sys.platform != "linux", reason="a file name of bytes not UTF-8: POSIX")
def test_a_file_name_not_utf8_is_audited_by_auto_as_pandas_reads_it(tmp_path, capsys):
    """A file named in Latin-1 under a C locale (argv holds its byte as a surrogate): auto chose
    DuckDB, which could not open it ('cannot encode str as UTF-8, surrogate'); now read in
    memory, as --engine pandas reads it, by audit and counts alike."""
    name = os.fsdecode(b"d\xe9.csv")
    data = tmp_path / name
    data.write_bytes(b"y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    out = tmp_path / "o.json"
    args = ["audit", str(data), *ROLES, "--n-boot", "100", "--min-group-size", "1"]
    assert main([*args, "--json", str(out)]) == 0, capsys.readouterr().err
    assert json.loads(out.read_text())["run"]["engine"] == "pandas"
    counts = tmp_path / "c.csv"
    assert main(["counts", str(data), *ROLES, "--out", str(counts)]) == 0
    assert counts.is_file()
