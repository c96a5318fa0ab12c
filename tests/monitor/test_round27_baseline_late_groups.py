"""Round 27: a comparison left without a baseline test by ``--baseline-windows`` or
``--baseline-period`` is named in the run's notes, as ``--baseline-target``'s are.

A group first seen after the baseline windows (or one whose reference had no rows in them)
has no baseline test: its comparison silently lacked the ``baseline_*`` tests, so a reader
watching the "no worse than the baseline" alarms had no word that this group is not watched
by them."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import run_monitor

from .conftest import request_of

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _feed(tmp_path, late_from: int, days: int = 6, n: int = 60):
    """Daily rows of A and B; C from day ``late_from`` on."""
    rng = np.random.default_rng(5)
    frames = []
    for d in range(days):
        names = ["A", "B", "C"] if d >= late_from else ["A", "B"]
        ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=d)
        frames.append(
            pd.DataFrame(
                {
                    "ts": (ts + pd.to_timedelta(rng.integers(0, 86400, n), unit="s")).strftime(
                        "%Y-%m-%dT%H:%M:%SZ"
                    ),
                    "label": rng.integers(0, 2, n),
                    "pred": rng.integers(0, 2, n),
                    "g": rng.choice(names, n),
                }
            )
        )
    path = tmp_path / "feed.csv"
    pd.concat(frames).to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    "how, named",
    [
        # a Python call's notes name its arguments (542e629b)
        ({"baseline_windows": 2}, "baseline_windows 2"),
        ({"baseline_period": "2024-03-01..2024-03-02"}, "baseline_period 2024-03-01..2024-03-02"),
    ],
)
def test_a_group_first_seen_after_the_baseline_is_named_as_untested(tmp_path, how, named):
    feed = _feed(tmp_path, late_from=3)
    request = request_of(feed, protected=("g=A",), n_draws=100, **how)
    doc = run_monitor(request, tmp_path / "s.sqlite", now=NOW).data
    tests = {c["group"]: set(c["tests"]) for c in doc["comparisons"]}
    assert "baseline_disparate_impact" in tests["B"]
    assert "baseline_disparate_impact" not in tests["C"]
    stated = [n for n in doc["run"].get("notes") or [] if "has no baseline test" in n]
    assert stated == [
        f"g:C has no baseline test: the baseline ({named}) held no rows of it or its "
        "reference (a group first seen after the baseline has none)"
    ], doc["run"].get("notes")


def test_every_group_in_the_baseline_gives_no_such_note(tmp_path):
    feed = _feed(tmp_path, late_from=0)
    request = request_of(feed, protected=("g=A",), n_draws=100, baseline_windows=2)
    doc = run_monitor(request, tmp_path / "s.sqlite", now=NOW).data
    assert not [n for n in doc["run"].get("notes") or [] if "baseline" in n]


def test_no_note_while_the_baseline_is_still_being_pooled(tmp_path):
    feed = _feed(tmp_path, late_from=3, days=4)
    request = request_of(feed, protected=("g=A",), n_draws=100, baseline_windows=5)
    doc = run_monitor(request, tmp_path / "s.sqlite", now=NOW).data
    assert not [n for n in doc["run"].get("notes") or [] if "baseline" in n]
