"""Round 41 (engines2): data.parquet.gz was refused with the fix 'name a compressed table
like data.csv.gz', which the user had in effect done. Now it says Parquet is compressed
inside and how to decompress it."""

import gzip

import pandas as pd
import pytest

from ethiclens.errors import DataFileError
from ethiclens.io import read_table


@pytest.mark.parametrize(("name", "tool"), [("d.parquet.gz", "gunzip"), ("my d.pq.gz", "gunzip")])
def test_compressed_parquet_says_why(tmp_path, name, tool):
    plain = tmp_path / "d.parquet"
    pd.DataFrame({"y": [0, 1]}).to_parquet(plain)
    packed = tmp_path / name
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    with pytest.raises(DataFileError) as info:
        read_table(packed)
    said = str(info.value)
    assert "a Parquet file compressed again (.gz)" in said
    assert "Parquet is compressed inside" in said and f"({tool} " in said
    assert "data.csv.gz" not in said
