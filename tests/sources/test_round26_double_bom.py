"""Round 26: a CSV file that starts with two UTF-8 byte-order marks is refused alike by every
engine and command, naming the marks and the first column's name (readers disagreed: pandas
crashed or said not found, DuckDB and Dask read the column '\\ufefflabel')."""

import gzip

import pytest

from ethiclens.cli import main
from ethiclens.errors import DataFileError
from ethiclens.io import read_table
from tests.sources.conftest import make_frame

BOM = b"\xef\xbb\xbf"
WORDS = "starts with two byte-order marks (U+FEFF): its first column's name '\\ufeffy'"


def _body() -> bytes:
    return make_frame(7, n=400)[["y", "p", "race"]].to_csv(index=False).encode()


def _error(capsys, args) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("layout", ["file", "folder", "gz"])
def test_every_engine_refuses_a_double_bom_alike(tmp_path, capsys, layout):
    body = BOM * 2 + _body()
    if layout == "file":
        target = tmp_path / "f.csv"
        target.write_bytes(body)
    elif layout == "gz":
        target = tmp_path / "f.csv.gz"
        target.write_bytes(gzip.compress(body))
    else:  # the second file of a folder has the marks
        target = tmp_path / "feed"
        target.mkdir()
        (target / "a.csv").write_bytes(BOM + _body())
        (target / "b.csv").write_bytes(body)
    errors = set()
    for engine in ("pandas", "duckdb", "dask"):
        for label in ("y", "\ufeffy"):
            args = ["audit", str(target), "--engine", engine, "--y-true", label]
            errors.add(_error(capsys, [*args, "--y-pred", "p", "--protected", "race"]))
    (err,) = errors
    assert WORDS in err and "save the file again as UTF-8" in err


def test_counts_and_read_table_refuse_a_double_bom(tmp_path, capsys):
    path = tmp_path / "f.csv"
    path.write_bytes(BOM * 2 + _body())
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    err = _error(capsys, ["counts", str(path), *roles, "--out", str(tmp_path / "c.csv")])
    assert WORDS in err
    with pytest.raises(DataFileError, match="two byte-order marks"):
        read_table(path)


def test_one_bom_is_still_read(tmp_path, capsys):
    path = tmp_path / "f.csv"
    path.write_bytes(BOM + _body())
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    for engine in ("pandas", "duckdb"):
        assert main(["audit", str(path), "--engine", engine, *roles]) in (0, 1)
    assert list(read_table(path).columns) == ["y", "p", "race"]


@pytest.mark.parametrize(
    "header, given, words",
    [
        ('"\ufeffy",p,race', "y", "column '\\ufeffy' holds a byte-order mark (U+FEFF)"),
        ("y,p,ra\u200bce", "race", "column 'ra\\u200bce' holds a zero width space (U+200B)"),
        ("y,p,race", "\ufeffrace", "the name given holds a byte-order mark (U+FEFF), which"),
    ],
)
def test_a_name_differing_by_an_invisible_character_is_named(
    tmp_path, capsys, header, given, words
):
    path = tmp_path / "f.csv"
    rows = _body().decode().split("\n", 1)[1]
    path.write_bytes(BOM + f"{header}\n{rows}".encode())
    roles = ["--y-pred", "p", "--protected", "race"]
    if "race" in given:
        roles = ["--y-pred", "p", "--protected", given, "--y-true", "y"]
    else:
        roles = [*roles, "--y-true", given]
    errors = {
        _error(capsys, ["audit", str(path), "--engine", e, *roles])
        for e in ("pandas", "duckdb", "dask")
    }
    (err,) = errors
    assert words in err and "which editors do not show" in err, err


@pytest.mark.parametrize("suffix", [".csv.bz2", ".csv.xz"])
def test_a_double_bom_is_refused_in_other_compressions(tmp_path, capsys, suffix):
    import bz2
    import lzma

    path = tmp_path / f"f{suffix}"
    path.write_bytes((bz2 if suffix.endswith("bz2") else lzma).compress(BOM * 2 + _body()))
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
    err = _error(capsys, ["audit", str(path), *roles])
    assert f"f{suffix} starts with two byte-order marks (U+FEFF)" in err, err
    with pytest.raises(DataFileError, match="two byte-order marks"):
        read_table(path)
