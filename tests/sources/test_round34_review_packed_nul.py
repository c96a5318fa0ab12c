"""Round 34 review of 444d0c76: a .csv.bz2, .csv.xz or .csv.zip file is checked for NUL bytes
and for text after a closing quote as a plain or gzip CSV is (docs/engines.md: a NUL byte is
refused 'by every engine and command'); was read silently, a NUL kept inside a group's name
(the group 'b\\x00' audited beside 'b')."""

import bz2
import gzip
import lzma
import zipfile

import pytest

from ethiclens.cli import main

BODY = "y,p,g\n" + "0,0,a\n1,1,b\n0,1,a\n1,0,b\n" * 5


def _write(path, text: str):
    data = text.encode()
    if path.name.endswith(".zip"):
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("d.csv", data)
        return path
    opener = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open, ".csv": open}[path.suffix]
    with opener(path, "wb") as fh:
        fh.write(data)
    return path


def _said(path, capsys):
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--fail-on", "never"]) == 2
    return capsys.readouterr().err.strip().replace(path.name, "FILE")


@pytest.mark.parametrize("suffix", ["csv.bz2", "csv.xz", "csv.zip"])
@pytest.mark.parametrize("extra", ["1,1,b\x00\n", '1,1,"b" x\n'])
def test_refused_as_the_plain_csv(tmp_path, capsys, suffix, extra):
    plain = _said(_write(tmp_path / "d.csv", BODY + extra), capsys)
    assert "FILE" in plain and "line 22" in plain
    assert _said(_write(tmp_path / f"d.{suffix}", BODY + extra), capsys) == plain


@pytest.mark.parametrize("suffix", ["csv.bz2", "csv.xz", "csv.zip"])
def test_clean_files_still_read(tmp_path, capsys, suffix):
    path = _write(tmp_path / f"d.{suffix}", BODY)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--fail-on", "never"]) == 0
    assert "20 rows" in capsys.readouterr().out
