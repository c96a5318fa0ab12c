"""Round 34 review of 444d0c76: a .csv.bz2, .csv.xz or .csv.zip file whose quote never closes is
refused naming the line it opens on, as a plain or gzip CSV is; was pandas' 'Error tokenizing
data. C error: EOF inside string starting at row 21' with the fix 'the .bz2 file is damaged'
(the quote was looked for in the compressed bytes)."""

import bz2
import lzma
import zipfile

import pytest

from ethiclens.cli import main

TEXT = "y,p,g\n" + "0,0,a\n1,1,b\n0,1,a\n1,0,b\n" * 5 + '1,1,"b\n0,0,a\n'


def _said(path, capsys) -> str:
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    return capsys.readouterr().err.replace(path.name, "FILE")


@pytest.mark.parametrize("suffix", ["csv.bz2", "csv.xz", "csv.zip"])
def test_named_by_the_line_it_opens_on(tmp_path, capsys, suffix):
    (tmp_path / "d.csv").write_text(TEXT)
    plain = _said(tmp_path / "d.csv", capsys)
    assert "FILE line 22 cannot be read: a quote opened there never closes" in plain
    path = tmp_path / f"d.{suffix}"
    if suffix == "csv.zip":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("d.csv", TEXT)
    else:
        with {"csv.bz2": bz2.open, "csv.xz": lzma.open}[suffix](path, "wt") as fh:
            fh.write(TEXT)
    assert _said(path, capsys) == plain
