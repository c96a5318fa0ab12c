"""The refusal of a file kind no engine reads (.tsv) and of a folder given as a file told the
kinds to use as '.csv, .parquet or .json' (and compression as .csv.gz only): .jsonl, which
read_table reads (gzipped too), was left out."""

import gzip

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_table


@pytest.mark.parametrize("name", ["t.tsv", "folder"])
def test_the_fix_names_every_kind_read(tmp_path, name):
    path = tmp_path / name
    path.mkdir() if name == "folder" else path.write_text("g\ta\n")
    with pytest.raises(EthicLensInputError) as info:
        read_table(path)
    assert ".jsonl" in str(info.value).partition("Fix: ")[2]


def test_a_gzipped_jsonl_is_read(tmp_path):
    path = tmp_path / "d.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"g": "a", "y": 1}\n{"g": "b", "y": 0}\n'))
    assert len(read_table(path)) == 2
