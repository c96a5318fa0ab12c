"""Every engine gives its counts table in one order: the order of the cells' keys (round 29).

Engines group in their own order: DuckDB's and Dask's hash order, PostgreSQL's plan (a
HashAggregate or a sort, chosen from statistics autovacuum may change between two calls), so
two ``sql_counts`` of the same rows once held the same cells in another order. The shared
finishing step now sorts the cells as a written counts file has them (``sorted_cells``).
"""

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.sources import Roles, sql_counts
from ethiclens.sources._counts_table import sorted_cells

ROLES = Roles(y_pred="p", y_true="y", protected=["g"])


def _frame() -> pd.DataFrame:
    rng = np.random.default_rng(29)
    n = 20_000
    return pd.DataFrame(
        {
            "g": rng.integers(0, 1500, n).astype(str),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
        }
    )


def _cells(table: pd.DataFrame) -> list[tuple]:
    return list(table[["g", "y_true", "y_pred", "count"]].itertuples(index=False, name=None))


def _in_key_order(table: pd.DataFrame) -> bool:
    return table.equals(sorted_cells(table))


@pytest.fixture(scope="module")
def counted(tmp_path_factory):
    """The pandas counts (in key order) and the files the engines read."""
    folder = tmp_path_factory.mktemp("order29")
    frame = _frame()
    frame.to_parquet(folder / "f.parquet", index=False)
    with sqlite3.connect(folder / "t.db") as con:
        frame.to_sql("t", con, index=False)
    return folder, frame


def _expected(frame):
    from ethiclens.sources import counts_of

    return _cells(sorted_cells(counts_of(frame, ROLES)))


def test_duckdb_counts_come_in_key_order(counted):
    pytest.importorskip("duckdb")
    from ethiclens.sources import duckdb_counts

    folder, frame = counted
    table = duckdb_counts(str(folder / "f.parquet"), ROLES, threads=2)
    assert _in_key_order(table)
    assert _cells(table) == _expected(frame)


def test_sqlite_counts_come_in_key_order(counted):
    pytest.importorskip("sqlalchemy")
    folder, frame = counted
    url = f"sqlite:///{folder / 't.db'}"
    table = sql_counts(url, ROLES, table="t")
    assert _in_key_order(table)
    assert _cells(table) == _expected(frame)
    query = "SELECT y, p, g FROM t ORDER BY g DESC, y DESC"
    assert sql_counts(url, ROLES, query=query).equals(table)


def test_dask_counts_come_in_key_order(counted):
    dd = pytest.importorskip("dask.dataframe")
    from ethiclens.sources import dask_counts

    _, frame = counted
    table = dask_counts(dd.from_pandas(frame, npartitions=3), ROLES)
    assert _in_key_order(table)
    assert _cells(table) == _expected(frame)


def test_postgresql_counts_of_a_table_and_a_query_agree_in_order(postgres_url):
    """A hashed GROUP BY (the table) and one fed sorted rows (the query) give one order."""
    pytest.importorskip("sqlalchemy")
    import sqlalchemy as sa

    frame = _frame()
    engine = sa.create_engine(postgres_url)
    try:
        with engine.begin() as con:
            con.execute(sa.text("DROP TABLE IF EXISTS order29"))
        frame.to_sql("order29", engine, index=False)
    finally:
        engine.dispose()
    table = sql_counts(postgres_url, ROLES, table="order29")
    assert _in_key_order(table)
    assert _cells(table) == _expected(frame)
    query = "SELECT y, p, g FROM order29 ORDER BY g DESC, y DESC, p DESC"
    assert sql_counts(postgres_url, ROLES, query=query).equals(table)


def test_pandas_counts_of_a_file_come_in_the_order_of_every_other_engine(counted):
    """The pandas engine of a file (``pandas_counts``) sorts its cells as the others do; the
    in-memory ``counts_of`` keeps the frame's order of first appearance."""
    from ethiclens.sources import pandas_counts

    folder, frame = counted
    table = pandas_counts(str(folder / "f.parquet"), ROLES)
    assert _in_key_order(table)
    assert _cells(table) == _expected(frame)
