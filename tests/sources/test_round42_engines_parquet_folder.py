"""Round 42 (engines): a Parquet file compressed again (``p.parquet.gz``) inside a folder
beside plain Parquet or CSV files was skipped without a word by every engine (200 rows
counted of 400), where the same file named alone is refused; and the refusal's fix for an
upper-case suffix named a command that does not write the .parquet file (``bunzip2
d.parquet.BZ2`` writes ``d.parquet.BZ2.out``, ``unxz d.parquet.XZ`` skips it). Now a folder or
glob refuses it as the file alone is refused, naming its path, and the fix's command writes
the .parquet file for every suffix in any case."""

import bz2
import gzip
import lzma
import zipfile

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import DataFileError
from ethiclens.io import read_table
from ethiclens.sources import resolve_files

FRAME = pd.DataFrame({"g": ["a", "b"] * 4, "y": [0, 1, 1, 0] * 2, "p": [1, 1, 0, 0] * 2})


def _pack(path, data: bytes):
    suffix = path.suffix.lower()
    if suffix == ".zip":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr(path.stem, data)
        return
    opener = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress}[suffix]
    path.write_bytes(opener(data))


@pytest.mark.parametrize("beside", ["a.parquet", "a.csv"])
@pytest.mark.parametrize(
    "engine", ["pandas", "duckdb", "dask", pytest.param("spark", marks=pytest.mark.slow)]
)
def test_folder_refuses_a_compressed_parquet_it_holds(tmp_path, beside, engine):
    folder = tmp_path / "parts"
    folder.mkdir()
    FRAME.to_parquet(tmp_path / "b.parquet")
    (FRAME.to_csv if beside.endswith(".csv") else FRAME.to_parquet)(folder / beside, index=False)
    _pack(folder / "b.parquet.gz", (tmp_path / "b.parquet").read_bytes())
    with pytest.raises(DataFileError) as info:
        ethiclens.audit(str(folder), protected="g", y_true="y", y_pred="p", engine=engine)
    said = str(info.value)
    assert f"cannot read {folder / 'b.parquet.gz'}: a Parquet file compressed again" in said
    assert f"gunzip -c {folder / 'b.parquet.gz'} > {folder / 'b.parquet'}" in said
    assert "the folder with the compressed file moved out" in said


def test_glob_refuses_it_in_the_same_words(tmp_path):
    FRAME.to_parquet(tmp_path / "a.parquet")
    _pack(tmp_path / "b.parquet.BZ2", (tmp_path / "a.parquet").read_bytes())
    with pytest.raises(DataFileError) as info:
        resolve_files(str(tmp_path / "*"))
    said = str(info.value)
    assert "a Parquet file compressed again (.bz2)" in said
    assert f"bunzip2 -c {tmp_path / 'b.parquet.BZ2'} > {tmp_path / 'b.parquet'}" in said


@pytest.mark.parametrize(
    ("suffix", "command"),
    [
        (".GZ", "gunzip -c"),
        (".Gz", "gunzip -c"),
        (".BZ2", "bunzip2 -c"),
        (".bz2", "bunzip2 -c"),
        (".XZ", "unxz -c"),
        (".ZIP", "unzip -p"),
    ],
)
def test_every_suffix_case_gets_a_command_writing_the_parquet_file(tmp_path, suffix, command):
    plain = tmp_path / "d.parquet"
    FRAME.to_parquet(plain)
    packed = tmp_path / f"d.parquet{suffix}"
    _pack(packed, plain.read_bytes())
    with pytest.raises(DataFileError) as info:
        read_table(packed)
    said = str(info.value)
    assert f"({suffix.lower()})" in said
    assert f"({command} d.parquet{suffix} > d.parquet)" in said
    assert "read the .parquet file" in said
