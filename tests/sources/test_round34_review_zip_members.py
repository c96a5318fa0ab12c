"""Round 34 review of 444d0c76: a .csv.zip holding two files, or none, is refused saying what
to do about it (one table per .zip); the fix said the file was 'damaged or not .zip-compressed'."""

import zipfile

import pytest

from ethiclens.cli import main

TEXT = "y,p,g\n0,0,a\n1,1,b\n0,1,a\n1,0,b\n"


@pytest.mark.parametrize("members", [["a.csv", "b.csv"], []])
def test_one_table_per_zip(tmp_path, capsys, members):
    path = tmp_path / "d.csv.zip"
    with zipfile.ZipFile(path, "w") as z:
        for name in members:
            z.writestr(name, TEXT)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cannot read d.csv.zip" in err and "files found in ZIP file" in err
    assert "damaged" not in err and "Fix: put the one table alone in the .zip file" in err, err
