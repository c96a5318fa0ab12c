"""Round 35: a Parquet folder whose files store a group column as DECIMAL in one file (a
database's export) and as integers in another is counted by Dask as pandas and DuckDB count it.

Before: Dask read the decimal file's values as Arrow text (its object columns become strings),
so the group 1 of one file and the decimal 1 of the other were refused as "distinct values print
the same" where pandas and DuckDB audit one group '1'."""

import decimal

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.sources import Roles, dask_file_counts, duckdb_counts, pandas_counts

pytest.importorskip("dask.dataframe")
pytest.importorskip("duckdb")


def _folder(folder):
    folder.mkdir()
    r = np.random.default_rng(5)
    n = 80
    g = r.integers(0, 2, (2, n))
    decimals = pa.array([decimal.Decimal(int(v)) for v in g[0]], pa.decimal128(5, 0))
    for i, group in enumerate([decimals, pa.array(g[1])]):
        labels = {c: r.integers(0, 2, n) for c in ("y", "p")}
        pq.write_table(pa.table({"g": group, **labels}), folder / f"part{i}.parquet")
    return folder


def test_a_decimal_and_an_int_group_are_one_group_on_every_engine(tmp_path):
    folder = str(_folder(tmp_path / "data"))
    roles = Roles("p", ["g"], "y", None, None, 10)
    tables = [f(folder, roles) for f in (pandas_counts, duckdb_counts, dask_file_counts)]
    cells = [t.astype({"g": str}).sort_values(["g", "y_true", "y_pred"]) for t in tables]
    want = cells[0].reset_index(drop=True)
    assert sorted(want["g"].unique()) == ["0", "1"]
    for got in cells[1:]:
        assert got.reset_index(drop=True).equals(want)
