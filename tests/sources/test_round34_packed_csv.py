"""Round 34: a CSV compressed otherwise than by gzip (.csv.bz2, .csv.zip, .csv.xz), which only
pandas reads, was read by pandas' own typing, not by the CSV rule every other CSV is read by:
its refused row was named by its 0-based position ("first at row 4") where a plain or gzip CSV
names its line, its group '01' was the group '1', a repeated header line raised
UnicodeDecodeError (the file's compressed bytes were read as text) and a row with surplus
fields was refused as "not UTF-8 text". Each is now read as the plain CSV holding its text."""

import bz2
import gzip
import lzma
import zipfile

import pytest

from ethiclens.cli import main
from ethiclens.sources import Roles, read_rows

PACKED = ["csv.bz2", "csv.zip", "csv.xz"]


def _write(folder, suffix: str, text: str):
    path = folder / f"d.{suffix}"
    if suffix == "csv.zip":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("d.csv", text)
    else:
        opener = {"csv": open, "csv.gz": gzip.open, "csv.bz2": bz2.open, "csv.xz": lzma.open}
        with opener[suffix](path, "wt", newline="") as fh:
            fh.write(text)
    return path


def _refusal(path, capsys) -> str:
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    return capsys.readouterr().err.strip()


def _said(folder, suffix, text, capsys) -> str:
    return _refusal(_write(folder, suffix, text), capsys).replace(f"d.{suffix}", "FILE")


@pytest.mark.parametrize("suffix", PACKED)
@pytest.mark.parametrize(
    "text",
    [
        "y,p,g\n0,0,a\n1,1,b\n\n0,1,a\n1,2,b\n0,0,a\n",  # a stray label, after a blank line
        'y,p,g\n0,0,a\n1,1,"b\nc"\n0,,a\n1,1,b\n',  # a missing one, after a quoted line break
        "y,p,g\n0,0,a\n1,1,b\n0,1,a\n1,1,b\n0,0,\n",  # a missing group
        "y,p,g\n0,0,a\n1,1,b\ny,p,g\n1,1,b\n",  # the header repeated
        "y,p,g\n0,0,a\n1,1,b\n0,1,a,x\n1,1,b\n",  # surplus fields
        "y,p,g\n0,0,a\n1,1, \n0,1,a\n1,1,b\n",  # a blank group name
    ],
)
def test_refused_as_the_plain_csv(tmp_path, capsys, suffix, text):
    plain = _said(tmp_path, "csv", text, capsys)
    assert "FILE line" in plain
    assert _said(tmp_path, suffix, text, capsys) == plain


@pytest.mark.parametrize("suffix", PACKED)
def test_groups_read_as_written(tmp_path, suffix):
    text = "y,p,g,s\n0,0,01,0.5\n1,1,02,0.25\n0,true,01,1\n1,1,02,0\n"
    roles = Roles(y_true="y", y_pred="p", protected=["g"], y_score="s")
    want = read_rows(str(_write(tmp_path, "csv", text)), roles)
    got = read_rows(str(_write(tmp_path, suffix, text)), roles)
    assert got["g"].tolist() == want["g"].tolist() == ["01", "02", "01", "02"]
    assert got.to_dict("list") == want.to_dict("list")
    assert got.dtypes.to_dict() == want.dtypes.to_dict()
