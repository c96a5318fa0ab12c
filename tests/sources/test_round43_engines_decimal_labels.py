"""Round 43: a Parquet file whose label and prediction columns are DECIMAL (1.00/0.00, or
DECIMAL(3, 0)) was counted by DuckDB as floats: 'ethiclens counts --engine duckdb' wrote
y_true/y_pred 1.0 and 0.0 where pandas and Dask write 1.00 and 0.00 (1 and 0) from the same
file. DuckDB's label cells are now read as pandas reads the file, as its group cells were."""

from __future__ import annotations

from decimal import Decimal

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.sources import Roles, duckdb_counts, pandas_counts

ROLES = Roles("p", ["g"], "y")


@pytest.mark.parametrize(("scale", "one", "zero"), [(2, "1.00", "0.00"), (0, "1", "0")])
def test_duckdb_writes_decimal_labels_as_pandas_does(tmp_path, scale, one, zero):
    kind = pa.decimal128(5, scale)
    d1, d0 = Decimal(one), Decimal(zero)
    path = tmp_path / "d.parquet"
    y, p = pa.array([d1, d0] * 3, kind), pa.array([d0, d1] * 3, kind)
    pq.write_table(pa.table({"y": y, "p": p, "g": ["a", "b"] * 3}), path)
    want, got = pandas_counts(str(path), ROLES), duckdb_counts(str(path), ROLES)
    assert got.to_csv(index=False) == want.to_csv(index=False)
    assert f"a,{one},{zero},3" in got.to_csv(index=False)
