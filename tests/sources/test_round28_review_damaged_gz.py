"""Round 28 review: a damaged .csv.gz was refused by the pandas path with the .gz fix
('decompress it yourself to check') and by DuckDB and Dask, whose header read fails first,
with another ('not what its name says'): one line on every engine."""

import gzip

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("damage", ["not gzip", "truncated"])
def test_every_engine_refuses_a_damaged_gz_alike(tmp_path, capsys, damage):
    path = tmp_path / "f.csv.gz"
    whole = gzip.compress(b"p,g\n1,a\n0,b\n" * 50)
    path.write_bytes(b"not gzip at all" if damage == "not gzip" else whole[:-12])
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        assert (
            main(["audit", str(path), "--engine", engine, "--y-pred", "p", "--protected", "g"]) == 2
        )
        lines.add(capsys.readouterr().err.strip())
    assert len(lines) == 1, lines
    assert lines.pop().endswith(
        "Fix: the .gz file is damaged or not .gz-compressed: decompress it yourself to check, "
        "or export the table again"
    )
