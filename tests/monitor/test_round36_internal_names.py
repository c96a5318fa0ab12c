"""Round 36: a database table with a column the run does not use, named like one of the
columns the monitor's counting query adds (``_ethiclens_day``, ``_ethiclens_ts``,
``_ethiclens_tmin``, ``_ethiclens_window``, ``_ethiclens_pmin``, ...), was refused as 'the
query has two columns named ...' (with --table), and ``_ETHICLENS_DAY`` (SQLite's names are
caseless) as 'some rows have no time'. The query's names now avoid the source's columns."""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, Window
from ethiclens.monitor._windows import count_windows_sql

ROWS = [("2024-03-01T10:00:00Z", "A", 1, 0.5), ("2024-03-02T11:00:00+02:00", "B", 0, 0.25),
        ("2024-03-03 11:00:00.5", "A", 1, 0.5), ("2024-03-03T12:00:00Z", "B", 1, 1.0)]  # fmt: skip
PLAIN = Columns(time="ts", y_pred="p", protected=("g",))
COLS = {
    "plain": PLAIN,
    "propensity": Columns(time="ts", y_pred="p", protected=("g",), propensity="pi"),
    "weight": Columns(time="ts", y_pred="p", protected=("g",), weight="pi"),
}
# every column the counting query adds (and the time subqueries' names), in one table
LOWER = ("_ethiclens_day", "_ethiclens_ts", "_ethiclens_tmin", "_ethiclens_tmax",
         "_ethiclens_window", "_ethiclens_w", "_ethiclens_pmin", "_ethiclens_pmax",
         "_ethiclens_bad_p", "_ethiclens_secs", "_ethiclens_hhmm", "_ethiclens_day_")  # fmt: skip


def _url(tmp_path, rows, extra=()):
    path = tmp_path / f"{len(rows)}{'-'.join(extra) or 'plain'}.db"
    con = sqlite3.connect(path)
    more = "".join(f', "{e}" TEXT' for e in extra)
    con.execute(f"CREATE TABLE t (ts TEXT, g TEXT, p INTEGER, pi REAL{more})")
    marks = ", ?" * (3 + len(extra))
    con.executemany(f"INSERT INTO t VALUES (?{marks})", [(*r, *["7"] * len(extra)) for r in rows])
    con.commit()
    con.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize("window", [Window("days", 1), Window("rows", 2)], ids=["days", "rows"])
@pytest.mark.parametrize("cols", list(COLS.values()), ids=list(COLS))
def test_sqlite_columns_of_the_internal_names_are_counted_past(tmp_path, window, cols):
    want = count_windows_sql(_url(tmp_path, ROWS), cols, window, table="t").table
    assert len(want) >= 2
    got = count_windows_sql(_url(tmp_path, ROWS, LOWER), cols, window, table="t").table
    pd.testing.assert_frame_equal(got, want)


def test_an_internal_name_in_another_case_is_counted_past(tmp_path):
    want = count_windows_sql(_url(tmp_path, ROWS), PLAIN, Window("days", 1), table="t").table
    assert want["_ethiclens_window"].nunique() == 3  # a window a day
    named = _url(tmp_path, ROWS, ("_ETHICLENS_DAY", "_Ethiclens_Ts"))
    pd.testing.assert_frame_equal(
        count_windows_sql(named, PLAIN, Window("days", 1), table="t").table, want
    )


def test_a_bad_time_is_refused_alike_past_an_internal_name(tmp_path):
    bad = [*ROWS, ("2024-02-30", "B", 1, 0.5)]
    refusals = []
    for extra in ((), ("_ETHICLENS_DAY", "_ethiclens_ts")):
        with pytest.raises(EthicLensInputError) as caught:
            count_windows_sql(_url(tmp_path, bad, extra), PLAIN, Window("days", 1), table="t")
        refusals.append(str(caught.value))
    assert "2024-02-30" in refusals[0]
    assert refusals[1] == refusals[0]


@pytest.mark.parametrize("cols", [PLAIN, COLS["weight"]], ids=["plain", "weight"])
def test_postgres_columns_of_the_internal_names_are_counted_past(pg_url, cols):
    sa = pytest.importorskip("sqlalchemy")
    frame = pd.DataFrame(ROWS, columns=["ts", "g", "p", "pi"])
    engine = sa.create_engine(pg_url)
    try:
        frame.to_sql("r36_plain", engine, index=False, if_exists="replace")
        named = frame.assign(**dict.fromkeys(LOWER, "7"))
        named.to_sql("r36_named", engine, index=False, if_exists="replace")
    finally:
        engine.dispose()
    window = Window("rows", 2) if cols.weight else Window("days", 1)
    want = count_windows_sql(pg_url, cols, window, table="r36_plain").table
    assert len(want) >= 2
    got = count_windows_sql(pg_url, cols, window, table="r36_named").table
    pd.testing.assert_frame_equal(got, want)
