"""Round 43 (mon3): a day held back by --hold-last whose next TARGET holds only the day's new
rows plus LATE rows earlier than the held ones passed the held-rows check (its first row is
earlier, its rows more), and the day was processed with fewer rows than it had (16 of 20),
silently. The store now keeps the held rows' first and last time; every engine counts the
rows of the next TARGET in that span, and fewer than were held is refused."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor


def _rows(hours, day="2024-03-02"):
    return pd.DataFrame(
        {
            "ts": [f"{day}T{h:02d}:00:00Z" for h in hours],
            "g": ["a", "b"] * (len(hours) // 2) + ["a"] * (len(hours) % 2),
            "pred": [i % 2 for i in range(len(hours))],
        }
    )


DAY1 = _rows(range(20), "2024-03-01")
HELD = pd.concat([DAY1, _rows(range(2, 6))], ignore_index=True)  # 02:00-05:00 held
LATE_AND_NEW = pd.concat([_rows([0, 1]), _rows(range(10, 24)), _rows(range(10), "2024-03-03")])


def _request(target, engine="pandas", **kw):
    return MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        engine=engine, **kw,
    )  # fmt: skip


def _files(tmp_path, *frames):
    paths = []
    for i, frame in enumerate(frames):
        frame.to_csv(path := tmp_path / f"f{i}.csv", index=False)
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_late_rows_do_not_hide_lost_held_rows(tmp_path, engine):
    held, nxt = _files(tmp_path, HELD, LATE_AND_NEW)
    store = tmp_path / "m.sqlite"
    run_monitor(_request(held, engine, hold_last=True), store, warn=False)
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(_request(nxt, engine), store, warn=False)
    text = str(err.value)
    assert "held rows lost: window 1 (2024-03-02T00:00:00Z" in text and "with 4 rows" in text
    assert "0 of them from 2024-03-02T02:00:00Z to 2024-03-02T05:00:00Z" in text, text
    assert len(read_store(store)["windows"]) == 1  # nothing added


def test_sql_table_counts_the_span_too(tmp_path):
    db = tmp_path / "d.sqlite"
    with sqlite3.connect(db) as con:
        HELD.to_sql("t", con, index=False)
    store, url = tmp_path / "m.sqlite", f"sqlite:///{db}"
    req = dict(
        target="db", time="ts", window="1d", y_pred="pred", protected=("g=a",), db=url, table="t"
    )
    run_monitor(MonitorRequest(**req, hold_last=True), store, warn=False)
    with sqlite3.connect(db) as con:
        con.execute("DELETE FROM t WHERE ts >= '2024-03-02'")  # held rows lost
        LATE_AND_NEW.to_sql("t", con, index=False, if_exists="append")
    with pytest.raises(EthicLensInputError, match="0 of them from 2024-03-02T02:00:00Z"):
        run_monitor(MonitorRequest(**req), store, warn=False)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_held_day_completed_with_late_rows_still_passes(tmp_path, engine):
    """A growing folder: the held day's file stays, the next file completes it with late and
    new rows; processed whole, as one run over all rows counts it."""
    (feed := tmp_path / "feed").mkdir()
    _files(feed, HELD)
    store = tmp_path / "m.sqlite"
    run_monitor(_request(str(feed), engine, hold_last=True), store, warn=False)
    (LATE_AND_NEW).to_csv(feed / "g.csv", index=False)
    got = run_monitor(_request(str(feed), engine), store, warn=False).to_dict()
    assert [w["rows"] for w in got["windows"]] == [20, 20, 10]
