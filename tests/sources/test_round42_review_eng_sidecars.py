"""Round 42 review of the engines hunter's folder refusals (4f91310d, d960e29c).

A folder refused a file named as a table under one more suffix (``b.csv.bak``), but so also a
checksum or signature beside the data (``a.csv.sha256``, a Hadoop ``a.parquet.crc``), which
holds no row, while a compressed table under one more suffix (``b.csv.gz.part``, a download cut
short) was still skipped without a word. And the decompress command of a Parquet file compressed
again whose name starts with ``-`` read the name as an option (``gunzip -c -d.parquet.gz``)."""

import gzip

import pandas as pd
import pytest

from ethiclens.errors import DataFileError, EthicLensInputError
from ethiclens.io import read_table
from ethiclens.sources import resolve_files

FRAME = pd.DataFrame({"g": ["a", "b"] * 2, "y": [0, 1, 1, 0]})


@pytest.mark.parametrize("sidecar", ["a.csv.sha256", "a.csv.MD5", "a.parquet.crc", "a.csv.asc"])
def test_a_checksum_beside_the_data_is_left_out(tmp_path, sidecar):
    FRAME.to_csv(tmp_path / "a.csv", index=False)
    (tmp_path / sidecar).write_text("0123abcd  a.csv\n")
    assert resolve_files(str(tmp_path))[0] == [str(tmp_path / "a.csv")]


def test_a_spark_written_parquet_folder_still_reads(tmp_path):
    part = tmp_path / "part-00000-1f2e.c000.snappy.parquet"
    FRAME.to_parquet(part)
    for name in ("_SUCCESS", "._SUCCESS.crc", f".{part.name}.crc"):
        (tmp_path / name).write_bytes(b"")
    assert resolve_files(str(tmp_path))[0] == [str(part)]


@pytest.mark.parametrize("stray", ["b.csv.gz.part", "b.parquet.GZ.bak", "b.csv.gz.bz2"])
def test_a_compressed_table_under_one_more_suffix_is_not_skipped(tmp_path, stray):
    FRAME.to_csv(tmp_path / "a.csv", index=False)
    (tmp_path / stray).write_bytes(gzip.compress(FRAME.to_csv(index=False).encode()))
    with pytest.raises(EthicLensInputError) as info:
        resolve_files(str(tmp_path))
    kind = "".join(s.lower() for s in (tmp_path / stray).suffixes)
    assert f"this folder holds {kind} files ({tmp_path / stray})" in str(info.value)
    assert "move it out of the folder" in str(info.value)


def test_the_decompress_command_of_a_name_starting_with_a_dash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    FRAME.to_parquet("p.parquet")
    (tmp_path / "-d.parquet.gz").write_bytes(gzip.compress((tmp_path / "p.parquet").read_bytes()))
    with pytest.raises(DataFileError) as info:
        read_table("-d.parquet.gz")
    assert "(gunzip -c ./-d.parquet.gz > -d.parquet)" in str(info.value)
