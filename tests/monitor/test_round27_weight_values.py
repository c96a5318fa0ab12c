"""Round 27: a propensity or weight every engine reads alike.

- A Parquet (or DataFrame) column of true/false as the weight or the propensity: pandas and
  Dask read True as the weight 1 and counted, DuckDB refused every row. A true/false is no
  number (the audit refuses a weight of booleans): refused on every engine, in one wording,
  naming the first row.
- The text ``1_0``: DuckDB's cast reads an underscore between digits as a digit separator (the
  weight 10), pandas, Dask and Spark refuse it: refused on every engine, in one wording."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor._engines import count_windows
from ethiclens.monitor._windows import Columns, parse_window

pytest.importorskip("duckdb")

ENGINES = ["pandas", "duckdb"]
try:
    import dask.dataframe  # noqa: F401

    ENGINES.append("dask")
except ImportError:  # (ethiclens[dask] not installed)
    pass


def _rows(values) -> pd.DataFrame:
    n = len(values)
    return pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=n, freq="h", tz="UTC"),
            "pred": [0, 1] * (n // 2),
            "g": ["a", "b"] * (n // 2),
            "w": values,
        }
    )


def _refusals(target, role: str) -> dict:
    cols = Columns(time="ts", y_pred="pred", protected=("g",), **{role: "w"})
    out = {}
    for engine in ENGINES:
        with pytest.raises(EthicLensInputError) as caught:
            count_windows(target, cols, parse_window("1d"), engine=engine)
        out[engine] = str(caught.value)
    return out


@pytest.mark.parametrize("role, holds", [("weight", "a weight"), ("propensity", "a propensity")])
def test_a_true_false_weight_is_refused_on_every_engine(tmp_path, role, holds):
    path = tmp_path / "w.parquet"
    _rows([True] * 10).to_parquet(path)
    said = _refusals(path, role)
    assert len(set(said.values())) == 1, said
    text = said["pandas"]
    assert f"10 of 10 rows hold {holds} that is missing, not a number" in text, text
    assert "first at w.parquet row 1: True" in text, text


def test_a_true_false_weight_of_a_dataframe_is_refused(tmp_path):
    cols = Columns(time="ts", y_pred="pred", protected=("g",), weight="w")
    frame = _rows([True, False] * 5)
    for engine in ("pandas", "duckdb"):
        with pytest.raises(EthicLensInputError, match="10 of 10 rows hold a weight"):
            count_windows(frame, cols, parse_window("1d"), engine=engine)


@pytest.mark.parametrize("role", ["weight", "propensity"])
def test_an_underscore_in_a_weight_is_refused_on_every_engine(tmp_path, role):
    path = tmp_path / "w.csv"
    _rows(["1_0" if role == "weight" else "0_5"] + ["1"] * 9).to_csv(path, index=False)
    said = _refusals(path, role)
    assert len(set(said.values())) == 1, said
    assert "1 of 10 rows hold" in said["pandas"], said
    assert "first at w.csv line 2: '" in said["pandas"], said


@pytest.mark.parametrize("bad", ["0.5abc", "1_0", "0,5", "2 rows"])
def test_a_sqlite_text_weight_that_is_no_number_is_refused_as_in_a_file(tmp_path, bad):
    """SQLite's CAST reads the longest number a text begins with ('0.5abc' as 0.5, '1_0' as
    1): such a weight was counted from a database and refused from a file."""
    import sqlite3

    from ethiclens.monitor._windows import count_windows_sql

    rows = _rows([bad] + ["1"] * 9).assign(ts=lambda f: f["ts"].astype(str))
    db = tmp_path / "w.db"
    with sqlite3.connect(db) as con:
        rows.to_sql("t", con, index=False)
    con.close()
    cols = Columns(time="ts", y_pred="pred", protected=("g",), weight="w")
    with pytest.raises(EthicLensInputError, match="1 of 10 rows hold a weight that is missing"):
        count_windows_sql(f"sqlite:///{db}", cols, parse_window("1d"), table="t")
    path = tmp_path / "w.csv"
    rows.to_csv(path, index=False)
    with pytest.raises(EthicLensInputError, match="1 of 10 rows hold a weight that is missing"):
        count_windows(path, cols, parse_window("1d"), engine="pandas")


@pytest.mark.parametrize("values, n_bad", [(["0.5abc"] + ["1"] * 9, 1), ([True] * 10, 10)])
def test_a_postgres_weight_that_is_no_number_is_refused_as_in_a_file(pg_url, values, n_bad):
    """PostgreSQL failed the whole counting query on such a weight ("invalid input syntax for
    type double precision", "cannot cast type boolean", the latter with the fix "check the
    table name / the query"): refused now as the files refuse it, counting the rows."""
    import sqlalchemy as sa

    from ethiclens.monitor._windows import count_windows_sql

    rows = _rows(values).assign(ts=lambda f: f["ts"].astype(str))
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        rows.to_sql("round27_weights", con, index=False, if_exists="replace")
    engine.dispose()
    cols = Columns(time="ts", y_pred="pred", protected=("g",), weight="w")
    with pytest.raises(EthicLensInputError, match=f"{n_bad} of 10 rows hold a weight that is"):
        count_windows_sql(pg_url, cols, parse_window("1d"), table="round27_weights")


def test_a_postgres_real_weight_is_read_as_the_number_it_holds(pg_url):
    """A ``real`` (float4) weight or propensity is widened as PostgreSQL's own cast widens it
    (0.2317 is 0.23170000314712524): read through its text since c15e5f5, it became 0.2317,
    so a store counted by an earlier version no longer matched its own rows (round 27 review).
    Double precision and numeric columns read the same either way."""
    import numpy as np
    import sqlalchemy as sa

    from ethiclens.monitor._windows import count_windows_sql

    rows = _rows([0.2317, 0.5, 0.3333, 0.9, 0.71, 0.2, 0.4444, 0.6, 0.25, 0.8]).assign(
        ts=lambda f: f["ts"].astype(str)
    )
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        rows.to_sql("round27_real", con, index=False, if_exists="replace")
        con.execute(sa.text("ALTER TABLE round27_real ALTER COLUMN w TYPE real"))
    engine.dispose()
    cols = Columns(time="ts", y_pred="pred", protected=("g",), propensity="w")
    counted = count_windows_sql(pg_url, cols, parse_window("1d"), table="round27_real")
    total = counted.table["_ethiclens_w"].sum()  # the sum of 1/π over the rows
    widened = 1.0 / np.float32(rows["w"]).astype(np.float64)
    assert abs(total - widened.sum()) < 1e-9
    assert abs(total - (1.0 / rows["w"]).sum()) > 1e-8
