"""Round 45 (engines): weights whose sum overflows (two rows of 1e308) are refused by every
engine in one set of words, but Dask's count printed pandas' "RuntimeWarning: overflow
encountered in reduceat" first ('ethiclens counts w.csv --engine dask ... --weight w': a
'warning:' line the pandas, DuckDB and SQL engines do not print; Python: a RuntimeWarning
before the refusal). The count no longer warns; the refusal is unchanged."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, dask_counts, dask_file_counts

dd = pytest.importorskip("dask.dataframe")

ROLES = Roles("p", ["g"], y_true="y", weight="w")
TEXT = "y,p,g,w\n1,1,a,1e308\n1,1,a,1e308\n0,1,a,1\n1,0,b,1\n0,0,b,2\n"


@pytest.mark.parametrize("face", ["file", "frame"])
def test_an_overflowing_weight_sum_is_refused_without_a_warning(tmp_path, face):
    path = tmp_path / "w.csv"
    path.write_text(TEXT)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with pytest.raises(EthicLensInputError, match="too large to square and sum"):
            if face == "file":
                dask_file_counts(str(path), ROLES)
            else:
                dask_counts(dd.from_pandas(pd.read_csv(path), npartitions=1), ROLES)
    assert [str(w.message) for w in seen if w.category is RuntimeWarning] == []
