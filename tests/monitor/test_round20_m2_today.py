"""Round 20 (M2): a database table with a row stamped an hour before the run's clock is
monitored in day windows (today's window held back until it ends, as for files), not refused
as holding rows from the future; each day's latest time is the database's real one (SQL MAX),
so a row stamped after the clock is still refused. The clock is injected: the tests do not
depend on the time of day."""

import datetime as dt
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2026, 12, 4, 16, 8, 37, tzinfo=dt.UTC)


def _table(path, last: dt.datetime):
    """Table t(g, y, p, ts): 20 rows a day for 10 days before ``NOW``, and one at ``last``."""
    rows = [
        ("a" if i % 2 else "b", int(i % 3 == 0), int(i % 4 == 0),
         (NOW - dt.timedelta(days=d, minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ"))
        for d in range(10, 0, -1) for i in range(20)
    ]  # fmt: skip
    rows.append(("a", 1, 1, last.strftime("%Y-%m-%dT%H:%M:%SZ")))
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (g, y, p, ts)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", rows)
    con.close()
    return f"sqlite:///{path}"


def _request(url, window, **kw):
    return MonitorRequest(target="db", db=url, time="ts", window=window, y_pred="p",
                          protected=("g",), n_draws=200, **kw)  # fmt: skip


@pytest.mark.parametrize("window", ["1d", "7d", "30d"])
@pytest.mark.parametrize("source", ["table", "query"])
def test_a_row_stamped_an_hour_ago_is_counted_and_today_held(window, source, tmp_path):
    url = _table(tmp_path / "today.db", NOW - dt.timedelta(hours=1))
    where = {"table": "t"} if source == "table" else {"query": "SELECT * FROM t"}
    doc = run_monitor(_request(url, window, **where), tmp_path / "s.db", now=NOW).to_dict()
    # the window holding today has not ended: held back, not sealed, not refused
    assert doc["run"]["pending_windows"], doc["run"]
    today = (int(NOW.timestamp()) // 86400) - (int(NOW.timestamp()) // 86400 - 10)
    assert max(doc["run"]["pending_windows"]) == today // int(window[:-1])
    sealed = [w["window"] for w in doc["windows"]]
    assert all(w < min(doc["run"]["pending_windows"]) for w in sealed)
    if window == "1d":
        assert len(sealed) == 10 and all(w["rows"] == 20 for w in doc["windows"])


def test_the_day_windows_span_the_database_real_times(tmp_path):
    """A day's span is its first and last row (as on the file engines), not midnight to
    23:59:59: the run records the table's real latest time."""
    last = NOW - dt.timedelta(hours=1)
    url = _table(tmp_path / "today.db", last)
    store = tmp_path / "s.db"
    run_monitor(_request(url, "1d", table="t"), store, now=NOW)
    with sqlite3.connect(store) as con:
        (t_max,) = con.execute("SELECT t_max FROM runs").fetchone()
    con.close()
    assert t_max == last.timestamp()


@pytest.mark.parametrize("window", ["1d", "7d"])
def test_a_row_stamped_after_the_clock_is_still_refused(window, tmp_path):
    url = _table(tmp_path / "future.db", NOW + dt.timedelta(hours=1))
    store = tmp_path / "s.db"
    with pytest.raises(EthicLensInputError, match="stamped after this run's clock") as err:
        run_monitor(_request(url, window, table="t"), store, now=NOW)
    assert "the latest at 2026-12-04T17:08:37Z" in str(err.value)
    assert not store.exists()


def test_postgres_likewise(pg_url, tmp_path):
    import pandas as pd
    import sqlalchemy as sa

    _table(tmp_path / "rows.db", NOW - dt.timedelta(hours=1))
    with sqlite3.connect(tmp_path / "rows.db") as con:
        frame = pd.read_sql("SELECT * FROM t", con)
    con.close()
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        frame.to_sql("m2_today", con, index=False, if_exists="replace")
        frame.assign(ts=pd.to_datetime(frame["ts"], utc=True)).to_sql(
            "m2_today_typed", con, index=False, if_exists="replace"
        )
    engine.dispose()
    for table in ("m2_today", "m2_today_typed"):
        store = tmp_path / f"{table}.db"
        doc = run_monitor(_request(pg_url, "7d", table=table), store, now=NOW).to_dict()
        assert doc["run"]["pending_windows"] == [1], table
        assert [w["window"] for w in doc["windows"]] == [0], table
