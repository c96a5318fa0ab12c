"""Round 34 review: a map column is sized against a decompression bomb as the list of (key,
item) structs it is stored as: its twin of a list of structs, refused as a bomb, was accepted
as a map (1.3 kB expanding to 80 MB), its entries' 8 bytes each left uncounted."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


@pytest.mark.parametrize("kind", ["map", "list of structs"])
def test_a_map_bomb_is_refused_as_its_list_twin_is(tmp_path, kind):
    from ethiclens.web._uploads import UploadError, check_content

    rows, per = 2500, 1000  # 2.5 million entries of an empty key and a 0
    offsets = pa.array(np.arange(0, rows * per + 1, per, dtype=np.int32))
    keys, items = pa.array([""] * (rows * per)), pa.array(np.zeros(rows * per, dtype=np.int64))
    if kind == "map":
        tags = pa.MapArray.from_arrays(offsets, keys, items)
    else:
        pairs = pa.StructArray.from_arrays([keys, items], names=["key", "value"])
        tags = pa.ListArray.from_arrays(offsets, pairs)
    path = tmp_path / "tags.parquet"
    table = pa.table({"label": [i % 2 for i in range(rows)], "tags": tags})
    pq.write_table(table, path, compression="zstd")
    assert path.stat().st_size < 2_000
    with pytest.raises(UploadError, match="refused as a decompression bomb") as refused:
        check_content(path, 1 << 20)
    assert refused.value.status == 413
