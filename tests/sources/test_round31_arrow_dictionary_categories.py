"""A Parquet group column of dictionary type written without pandas' metadata (pyarrow,
Polars) whose dictionary holds a value no row has: pandas reads it as categories and refuses
the unused one, DuckDB and Dask counted the file (exit 0). The unused category is now looked
for in every dictionary column, so every engine refuses it in the audit's words."""

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]


def _write(path, dictionary):
    codes = pa.array([i % 2 for i in range(200)], pa.int8())
    g = pa.DictionaryArray.from_arrays(codes, pa.array(dictionary))
    y, p = pa.array([i // 2 % 2 for i in range(200)]), pa.array([i // 3 % 2 for i in range(200)])
    pq.write_table(pa.table({"y": y, "p": p, "g": g}), path)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_an_unused_dictionary_value_is_refused_alike(tmp_path, capsys, engine):
    _write(tmp_path / "d.parquet", ["a", "b", "zz"])
    assert main(["audit", str(tmp_path / "d.parquet"), *ROLES, "--engine", engine]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith("error: column 'g': group(s) zz have no rows"), said


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_dictionary_with_every_value_used_is_audited(tmp_path, engine):
    _write(tmp_path / "d.parquet", ["a", "b"])
    assert main(["audit", str(tmp_path / "d.parquet"), *ROLES, "--engine", engine]) == 0
