"""Round 43 review of 3db091cc (DuckDB's DECIMAL labels written as pandas writes them): the
label columns were kept by name, so where y_true and y_pred are one DECIMAL column (Roles('y',
['g'], 'y')) only y_pred was converted: 'ethiclens counts --engine duckdb' wrote y_true 1.0 and
0.0 beside y_pred 1.00 and 0.00, where pandas and Dask write 1.00 in both."""

from __future__ import annotations

from decimal import Decimal

import pyarrow as pa
import pyarrow.parquet as pq

from ethiclens.sources import Roles, duckdb_counts, pandas_counts


def test_one_decimal_column_as_label_and_prediction(tmp_path):
    kind = pa.decimal128(5, 2)
    y = pa.array([Decimal("1.00"), Decimal("0.00")] * 3, kind)
    pq.write_table(pa.table({"y": y, "g": ["a", "b"] * 3}), tmp_path / "d.parquet")
    roles = Roles("y", ["g"], "y")
    want = pandas_counts(str(tmp_path / "d.parquet"), roles).to_csv(index=False)
    got = duckdb_counts(str(tmp_path / "d.parquet"), roles).to_csv(index=False)
    assert got == want
    assert "a,1.00,1.00,3" in got, got
