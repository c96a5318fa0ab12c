"""Round 43: a cell whose weights or scores are all -0.0 was summed to -0.0 by Dask, so
'ethiclens counts --engine dask' wrote score_sum/weight_sum -0.0 where pandas and DuckDB write
0.0 (the same CSV, a different counts file). Every engine's sums now read 0.0 there."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.sources import Roles, counts_of, dask_counts, dask_file_counts, duckdb_counts

CSV = "y,p,g,w,s\n1,0,a,1.5,0.2\n0,1,b,-0.0,-0.0\n1,1,a,1,0.5\n0,0,b,0.5,0.1\n"
ROLES = Roles("p", ["g"], "y", "s", weight="w", n_bins=3)
SUMS = ["weight_sum", "weight_sq_sum", "score_sum"]


def _no_negative_zero(table: pd.DataFrame) -> None:
    for col in SUMS:
        assert not np.signbit(table[col].to_numpy()).any(), (col, table[col].tolist())


@pytest.mark.parametrize("engine", ["dask", "duckdb"])
def test_file_engines_sum_negative_zero_to_zero(tmp_path, engine):
    path = tmp_path / "d.csv"
    path.write_text(CSV)
    count = dask_file_counts if engine == "dask" else duckdb_counts
    got = count(str(path), ROLES)
    _no_negative_zero(got)
    want = counts_of(pd.read_csv(path), ROLES)
    keys = ["g", "y_true", "y_pred", "score_bin"]
    got, want = (t.sort_values(keys)[SUMS].to_numpy().tolist() for t in (got, want))
    assert got == want


def test_dask_frame_sums_negative_zero_to_zero(tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    path = tmp_path / "d.csv"
    path.write_text(CSV)
    frame = pd.read_csv(path)
    _no_negative_zero(dask_counts(dd.from_pandas(frame, npartitions=2), ROLES))
