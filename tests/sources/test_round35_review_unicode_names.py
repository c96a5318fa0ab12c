"""Round 35 review: a file whose name is not UTF-8 (its bytes, escaped as surrogates: a Latin-1
name under a C locale or PYTHONUTF8=0).

Before: --engine duckdb showed DuckDB's 'cannot encode str as UTF-8, surrogate'; a Parquet file
so named was a pyarrow UnicodeEncodeError traceback on every engine; --engine dask on a folder
holding such a CSV was a pyarrow traceback (its Arrow text of the file names). Now DuckDB and
Parquet refuse it in our words, with the fix, and Dask counts the folder as pandas does."""

import os

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, dask_file_counts, duckdb_counts, pandas_counts

ROLES = Roles("p", ["g"], "y", None, None, 10)
ROWS = "g,y,p\na,1,1\nb,0,1\na,0,0\nb,1,0\n"


def _latin1(folder, suffix: str, data: bytes) -> str:
    path = os.fsencode(folder) + b"/caf\xe9" + suffix.encode()
    with open(path, "wb") as fh:
        fh.write(data)
    return os.fsdecode(path)  # 'caf\udce9...', as os.listdir and sys.argv give it


def test_duckdb_refuses_the_name_in_our_words(tmp_path):
    pytest.importorskip("duckdb")
    path = _latin1(tmp_path, ".csv", ROWS.encode())
    with pytest.raises(EthicLensInputError) as err:
        duckdb_counts(path, ROLES)
    text = str(err.value)
    assert "caf\\xe9.csv" in text and "name is not UTF-8" in text
    assert "--engine pandas" in text and "surrogate" not in text
    assert pandas_counts(path, ROLES)["count"].sum() == 4  # pandas reads it


def test_a_parquet_file_so_named_is_refused_not_a_traceback(tmp_path):
    src = tmp_path / "a.parquet"
    pd.read_csv(pd.io.common.StringIO(ROWS)).to_parquet(src)
    path = _latin1(tmp_path, ".parquet", src.read_bytes())
    for target in (path, str(tmp_path)):
        with pytest.raises(EthicLensInputError, match=r"caf\\xe9.parquet: its name is not UTF-8"):
            pandas_counts(target, ROLES)


def test_dask_counts_a_folder_holding_such_a_csv_as_pandas(tmp_path):
    pytest.importorskip("dask.dataframe")
    (tmp_path / "a.csv").write_text("g,y,p\na,1,0\nb,1,1\n")
    _latin1(tmp_path, ".csv", ROWS.encode())
    want = pandas_counts(str(tmp_path), ROLES)
    got = dask_file_counts(str(tmp_path), ROLES)
    keys = ["g", "y_true", "y_pred"]
    got, want = (t.astype(str).sort_values(keys).reset_index(drop=True) for t in (got, want))
    assert got.equals(want)
    assert want["count"].astype(int).sum() == 6
