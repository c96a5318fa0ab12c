"""Round 49: the monitor's refusal of a role column holding bytes that are not UTF-8 text named
the column 'None' ("column 'None': holds bytes that are not UTF-8 text"), on the pandas and the
DuckDB engine: the values were checked as an unnamed series. It now names the column."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_bytes_group_column_is_refused_by_its_name(tmp_path, capsys, engine):
    data = tmp_path / "lat.parquet"
    groups = pa.array([b"caf\xe9", b"abc"] * 5, pa.binary())
    pq.write_table(pa.table({"g": groups, "p": [1, 0] * 5, "t": ["2024-01-01"] * 10}), data)
    argv = ["monitor", str(data), "--time", "t", "--window", "1d", "--y-pred", "p"]
    argv += ["--protected", "g", "--store", str(tmp_path / "s.sqlite"), "--engine", engine]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "column 'g': holds bytes that are not UTF-8 text" in err, err
    assert "None" not in err and "store the column as UTF-8 text" in err, err
