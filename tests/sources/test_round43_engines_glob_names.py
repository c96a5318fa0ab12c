"""Round 43: DuckDB read every path it was given as a glob, so a file whose name holds '[',
'*' or '?' was counted as another file: 'ethiclens audit "d[1].csv" --engine duckdb' (and
auto) audited d1.csv's rows, a glob d*.csv matching both counted d1.csv twice and d[1].csv
never, and 'x?.csv' or 'e*.parquet' took xa.csv's or ex.parquet's rows too, where pandas and
Dask read the file named. A folder named f[1] beside f1/ was a ValueError traceback on every
engine ('f1/x.csv' is not in the subpath of 'f[1]'). Each now reads the named file alone."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.sources import Roles, duckdb_counts, pandas_counts

ROLES = Roles("p", ["g"], "y")


def _csv(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("y,p,g\n" + "".join(f"{r}\n" for r in rows))


@pytest.fixture
def files(tmp_path):
    _csv(tmp_path / "d[1].csv", ["1,0,a", "0,1,b"])
    _csv(tmp_path / "d1.csv", ["1,1,a", "0,0,b", "1,1,b"])
    _csv(tmp_path / "x?.csv", ["1,1,q"])
    _csv(tmp_path / "xa.csv", ["0,0,r", "0,0,r"])
    _csv(tmp_path / "f[1]" / "x.csv", ["1,0,a", "0,1,b"])
    _csv(tmp_path / "f1" / "x.csv", ["1,1,c"])
    (tmp_path / "pq").mkdir()
    pd.DataFrame({"y": [1], "p": [1], "g": ["z"]}).to_parquet(tmp_path / "pq" / "e*.parquet")
    pd.DataFrame({"y": [0], "p": [0], "g": ["w"]}).to_parquet(tmp_path / "pq" / "ex.parquet")
    return tmp_path


def _cells(table):
    return sorted(map(tuple, table.astype(str).to_numpy().tolist()))


@pytest.mark.parametrize("name", ["d[1].csv", "d*.csv", "x?.csv", "f[1]", "pq/e*.parquet"])
def test_duckdb_reads_the_file_named_as_pandas_does(files, name):
    target = str(files / name)
    want = pandas_counts(target, ROLES)
    assert _cells(duckdb_counts(target, ROLES)) == _cells(want)
    assert int(want["count"].sum()) == {"d*.csv": 5, "x?.csv": 1, "pq/e*.parquet": 1}.get(name, 2)
