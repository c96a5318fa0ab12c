"""Round 10: every engine and every face of a counts table gives one answer (docs/engines.md).

Dask with a file holding only the role columns, databases whose columns mix types, text labels
in a CSV counts table, and the offending value in a database's refusal.
"""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.sources import Roles, pandas_counts

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _sorted(table: pd.DataFrame) -> pd.DataFrame:
    keys = ["g", "y_true", "y_pred"]
    return table.sort_values(keys).reset_index(drop=True)[[*keys, "count"]]


def test_dask_counts_a_file_of_only_the_role_columns(tmp_path):
    """A CSV whose header is exactly the role columns, in the roles' order (y_true, y_pred,
    protected), crashed Dask: selecting every column it read kept its path column. The
    corpus's files all hold a score and a weight column too, so no selection was whole."""
    pytest.importorskip("dask.dataframe")
    from ethiclens.sources import dask_file_counts

    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n1,1,b\n")
    roles = Roles("p", ["g"], "y")
    got = _sorted(dask_file_counts(str(path), roles))
    want = _sorted(pandas_counts(str(path), roles))
    pd.testing.assert_frame_equal(got, want, check_dtype=False)
