"""Round 16: a row stamped after the run's clock (beyond a few minutes' leeway) is refused, exit 2,
naming the file and line of the first such row and the fix, on every engine, and nothing is
written: it can no longer seal the days before it as NO_ROWS windows and make the next real day
late. The tests do not depend on today's date: the late rows lie 7 days after the clock, or in
2200."""

import datetime as dt
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import run_monitor

from .conftest import request_of, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]


def _with_stamp(folder, stamp: str):
    """The feed plus a file whose second row (line 3) is stamped ``stamp``."""
    first = pd.read_csv(sorted(folder.glob("day*.csv"))[0]).head(3)
    first["ts"] = ["2024-03-02T10:00:00Z", stamp, "2024-03-02T11:00:00Z"]
    first.to_csv(folder / "zz_late.csv", index=False)
    return folder


def _iso(when: dt.datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


STAMPS = {
    "next week": lambda: _iso(dt.datetime.now(dt.UTC) + dt.timedelta(days=7)),
    "2200": lambda: "2200-01-01T00:00:00Z",
}


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
@pytest.mark.parametrize("when", sorted(STAMPS))
def test_a_row_after_the_clock_is_refused_by_its_file_and_line(when, engine, tmp_path, capsys):
    feed = _with_stamp(write_days(tmp_path / "d", range(2), n=200), STAMPS[when]())
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(
        capsys, "monitor", feed, *ARGV, "--protected", "race=White", "--engine", engine,
        "--store", store,
    )  # fmt: skip
    assert rc == 2, err
    assert "holds rows stamped after this run's clock" in err, err
    assert "first at zz_late.csv line 3" in err, err
    assert "correct the time column" in err and "drop those rows" in err, err
    assert "NO_ROWS" not in err and "Traceback" not in err
    assert not store.exists()  # nothing written


def test_a_store_is_left_as_it_was(tmp_path):
    feed = write_days(tmp_path / "d", range(2), n=200)
    store = tmp_path / "s.sqlite"
    run_monitor(request_of(feed, n_draws=200), store)
    with sqlite3.connect(store) as con:
        before = con.execute('SELECT count(*), max("window") FROM windows').fetchone()
    con.close()
    _with_stamp(feed, STAMPS["next week"]())
    with pytest.raises(EthicLensInputError, match="stamped after this run's clock"):
        run_monitor(request_of(feed, n_draws=200), store)
    with sqlite3.connect(store) as con:
        assert con.execute('SELECT count(*), max("window") FROM windows').fetchone() == before
    con.close()


def test_a_row_within_the_leeway_is_counted_and_its_day_held_until_it_ends(tmp_path):
    feed = write_days(tmp_path / "d", range(2), n=200)
    now = dt.datetime(2024, 3, 3, 12, tzinfo=dt.UTC)
    _with_stamp(feed, _iso(now + dt.timedelta(minutes=2)))
    store = tmp_path / "s.sqlite"
    doc = run_monitor(request_of(feed, n_draws=200), store, now=now).to_dict()
    # 2024-03-03 has not ended: held back, not sealed (its later rows are not late)
    assert [w["window"] for w in doc["windows"]] == [0, 1]
    assert doc["run"]["pending_windows"] == [2]
    later = pd.DataFrame(
        {"ts": ["2024-03-03T20:00:00Z"], "label": [1], "pred": [1], "race": ["White"]}
    )
    later.to_csv(feed / "zz_later.csv", index=False)
    after = now + dt.timedelta(days=1)
    doc = run_monitor(request_of(feed, n_draws=200), store, now=after).to_dict()
    assert [w["window"] for w in doc["windows"]] == [0, 1, 2]
    assert doc["windows"][2]["rows"] == 2 and doc["run"]["pending_windows"] == []


def test_a_day_held_until_it_ends_must_come_back(tmp_path):
    feed = write_days(tmp_path / "d", range(2), n=200)
    now = dt.datetime(2024, 3, 2, 12, tzinfo=dt.UTC)
    (feed / "day001.csv").rename(tmp_path / "day001.csv")
    part = pd.read_csv(tmp_path / "day001.csv")
    part[pd.to_datetime(part["ts"]) <= now].to_csv(feed / "day001.csv", index=False)
    doc = run_monitor(request_of(feed, n_draws=200), tmp_path / "s.sqlite", now=now).to_dict()
    assert doc["run"]["pending_windows"] == [1]
    (feed / "day001.csv").unlink()  # the next run is given the next day's file only
    write_days(feed, [2], n=200, seed=3)
    with pytest.raises(EthicLensInputError, match=r"held back by the last run \(not yet ended\)"):
        run_monitor(
            request_of(feed, n_draws=200), tmp_path / "s.sqlite", now=now + dt.timedelta(days=2)
        )
