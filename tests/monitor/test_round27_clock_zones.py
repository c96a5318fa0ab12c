"""Round 27: a run's clock (``run_monitor(..., now=...)``) in any time zone.

The clock check compared the stored run time and this run's as ISO text, so an aware ``now``
with another offset than the last run's was judged by its digits, not its instant: a run
45 minutes later across a DST fall-back (02:30+02:00, then 02:15+01:00) was refused as "the
system clock went backwards", a run at 09:30-02:00 (11:30 UTC) after one at 10:00 UTC too,
while a run at 10:30+01:00 (09:30 UTC) after one at 10:00 UTC passed. A naive ``now`` was
read in the machine's local zone by the future-rows check and as text by the clock check;
it is the machine's local time in both, as Python reads a naive ``datetime.now()`` (round 27
review: read as UTC, ``now=datetime.now()`` in New York refused rows 30 minutes old)."""

import datetime as dt
import time
import zoneinfo

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import run_monitor

from .conftest import request_of

UTC = dt.UTC


def _feed(days, tmp_path):
    return days(tmp_path / "feed", range(3), n=60)


def _twice(days, tmp_path, first, second):
    feed = _feed(days, tmp_path)
    store = tmp_path / "s.sqlite"
    run_monitor(request_of(feed, n_draws=100), store, now=first)
    return run_monitor(request_of(feed, n_draws=100), store, now=second)


def test_a_later_run_across_a_dst_fall_back_is_not_refused(days, tmp_path):
    paris = zoneinfo.ZoneInfo("Europe/Paris")
    first = dt.datetime(2026, 10, 25, 2, 30, tzinfo=paris)  # 00:30 UTC (summer time)
    second = dt.datetime(2026, 10, 25, 2, 15, tzinfo=paris, fold=1)  # 01:15 UTC (winter)
    assert second.timestamp() > first.timestamp()
    result = _twice(days, tmp_path, first, second)
    assert result.data["run"]["new_windows"] == 0


def test_a_later_run_with_a_western_offset_is_not_refused(days, tmp_path):
    first = dt.datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
    second = dt.datetime(2026, 1, 1, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=-2)))
    assert _twice(days, tmp_path, first, second).data["run"]["new_windows"] == 0


def test_an_earlier_run_with_an_eastern_offset_is_refused(days, tmp_path):
    first = dt.datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
    second = dt.datetime(2026, 1, 1, 10, 30, tzinfo=dt.timezone(dt.timedelta(hours=1)))
    with pytest.raises(EthicLensInputError, match="the system clock went backwards"):
        _twice(days, tmp_path, first, second)


@pytest.fixture
def tokyo(monkeypatch):
    """The machine's local zone set to Asia/Tokyo (UTC+9) for the test."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_naive_clock_is_the_local_time(days, tmp_path, tokyo):
    # the feed's last rows are on 2024-03-03 (UTC): a naive clock of 2024-03-04 09:10 in Tokyo
    # is 00:10 UTC, after them; read as UTC it was nine hours late
    feed = _feed(days, tmp_path)
    store = tmp_path / "s.sqlite"
    naive = dt.datetime(2024, 3, 4, 9, 10)
    result = run_monitor(request_of(feed, n_draws=100), store, now=naive)
    assert result.data["run"]["new_windows"] == 3
    # and a later aware run compares with it as an instant: 00:20 UTC is after 00:10 UTC
    later = dt.datetime(2024, 3, 4, 0, 20, tzinfo=UTC)
    assert run_monitor(request_of(feed, n_draws=100), store, now=later).data["run"]["run"] == 2
    # 00:05 UTC is before it: refused, though its digits read later than 09:10 would not
    store2 = tmp_path / "s2.sqlite"
    run_monitor(request_of(feed, n_draws=100), store2, now=naive)
    with pytest.raises(EthicLensInputError, match="clock went backwards"):
        run_monitor(
            request_of(feed, n_draws=100), store2, now=dt.datetime(2024, 3, 4, 0, 5, tzinfo=UTC)
        )


def test_a_run_time_that_is_no_time_is_damage(days, tmp_path):
    from .conftest import damaged_copy

    feed = _feed(days, tmp_path)
    store = tmp_path / "first.sqlite"
    now = dt.datetime(2026, 1, 1, tzinfo=UTC)
    run_monitor(request_of(feed, n_draws=100), store, now=now)
    copy = damaged_copy(store, tmp_path, "UPDATE runs SET at = 'yesterday'")
    with pytest.raises(EthicLensInputError, match=r"is damaged \(runs.at holds 'yesterday'"):
        run_monitor(request_of(feed, n_draws=100), copy, now=now)
