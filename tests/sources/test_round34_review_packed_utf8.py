"""Round 34 review of 444d0c76: a .csv.bz2, .csv.xz or .csv.zip file that is not UTF-8 is
refused naming its first bad byte's line and offset, as a plain or gzip CSV is (its rows are
now named by their line); was 'd.csv.bz2 is not UTF-8 text' without a place."""

import bz2
import lzma
import zipfile

import pytest

from ethiclens.cli import main
from ethiclens.io import not_utf8_error

DATA = ("y,p,g\n" + "0,0,a\n1,1,b\n" * 5 + "1,1,\xe9\n").encode("latin1")


@pytest.mark.parametrize("suffix", ["csv.bz2", "csv.xz", "csv.zip"])
def test_named_by_its_line(tmp_path, capsys, suffix):
    path = tmp_path / f"d.{suffix}"
    if suffix == "csv.zip":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("d.csv", DATA)
    else:
        with {"csv.bz2": bz2.open, "csv.xz": lzma.open}[suffix](path, "wb") as fh:
            fh.write(DATA)
    (tmp_path / "d.csv").write_bytes(DATA)
    argv = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["audit", str(tmp_path / "d.csv"), *argv]) == 2
    plain = capsys.readouterr().err.replace("d.csv", "FILE")
    assert "line 12, offset" in plain
    assert main(["audit", str(path), *argv]) == 2
    assert capsys.readouterr().err.replace(f"d.{suffix}", "FILE") == plain


def test_undecompressable_still_named_without_a_place(tmp_path):
    path = tmp_path / "d.csv.xz"
    path.write_bytes(DATA)
    assert str(not_utf8_error(path)).startswith("d.csv.xz is not UTF-8 text. Fix:")
