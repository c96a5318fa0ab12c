"""Round 34 review of 444d0c76: a .csv.xz or .csv.zip file that is not what its name says, and
a .csv.zst file without the zstandard package, are refused naming the file and the fix (exit 2),
as a damaged .csv.bz2 was; was a traceback (LZMAError, BadZipFile, ImportError)."""

import importlib.util

import pytest

from ethiclens.cli import main
from ethiclens.errors import DataFileError
from ethiclens.io import read_table

TEXT = "y,p,g\n0,0,a\n1,1,b\n0,1,a\n1,0,b\n"


@pytest.mark.parametrize("suffix", ["csv.bz2", "csv.xz", "csv.zip"])
def test_plain_text_named_compressed(tmp_path, capsys, suffix):
    path = tmp_path / f"d.{suffix}"
    path.write_text(TEXT)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"cannot read d.{suffix}" in err and "Traceback" not in err
    assert f"not .{suffix[4:]}-compressed" in err
    with pytest.raises(DataFileError, match=f"cannot read d.{suffix}"):
        read_table(path)


@pytest.mark.skipif(importlib.util.find_spec("zstandard") is not None, reason="zstd readable")
def test_zst_without_its_package(tmp_path, capsys):
    path = tmp_path / "d.csv.zst"
    path.write_bytes(b"\x28\xb5\x2f\xfd" + b"\0" * 20)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cannot read d.csv.zst" in err and "pip install zstandard" in err
