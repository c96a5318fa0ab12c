"""Round 42: a group column named twice in the roles (Roles('p', ['g', 'g'], 'y', 's')) gave
DuckDB's counts table a spurious column ('r3_1', the GROUP BY's second copy of g), where
counts_of (pandas) and Dask count each column once (e0bebf2a, 51d37da2): DuckDB now does."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.sources import Roles, counts_of, duckdb_counts


@pytest.mark.parametrize("protected", [["g", "g"], ["g", "p", "g"]])
def test_duckdb_counts_a_repeated_group_once_as_pandas_does(tmp_path, protected):
    df = pd.DataFrame(
        {"y": [1, 0] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4, "s": [0.1, 0.9] * 4}
    )
    path = tmp_path / "d.csv"
    df.to_csv(path, index=False)
    roles = Roles("p", protected, "y", "s")
    want, got = counts_of(df, roles), duckdb_counts(str(path), roles)
    assert list(got.columns) == list(want.columns)
    keys = list(want.columns[:-2])  # the cell's keys; count and score_sum are its values
    pd.testing.assert_frame_equal(
        got.sort_values(keys).reset_index(drop=True),
        want.sort_values(keys).reset_index(drop=True),
        check_dtype=False,
    )
