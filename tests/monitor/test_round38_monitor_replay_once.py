"""Round 38 (monitor): a daily run re-derived the whole history's evidence on every open.

Opening a store replays every stored window's counts through ``Evidence.update`` (round 37's
check for hand edits), so one more day cost time in proportion to the history: measured on
one machine, a store of 1,000 day windows took 1.75-4.7 s to add one day, 3,200 windows 11.2
s. Each run now records the SHA-256 of what the replay reads (the request, every result, every
state: meta ``replay_digest``) as its last write; a store still holding that digest is not
replayed again, and one edited since (or written before, without a digest) is replayed in full
and refused as before."""

import datetime as dt
import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, _store, run_monitor

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


def _days(first: str, days: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    start = pd.Timestamp(first, tz="UTC")
    seconds = np.sort(rng.integers(0, 86400 * days, 30 * days))
    times = start + pd.to_timedelta(seconds, unit="s")
    n = len(times)
    return pd.DataFrame(
        {
            "ts": times.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "g": rng.choice(["A", "B"], n),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
        }
    )


def _run(frame, store):
    request = MonitorRequest(
        target=frame, time="ts", window="1d", y_pred="p", y_true="y", protected=("g=A",),
        engine="pandas", min_group_size=5,
    )  # fmt: skip
    return run_monitor(request, store, now=NOW, warn=False).to_dict()


@pytest.fixture
def replays(monkeypatch):
    """How many times opening a store replayed its evidence."""
    calls = []
    real = _store.replay_problem

    def counted(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(_store, "replay_problem", counted)
    return calls


def test_a_store_as_its_last_run_left_it_is_not_replayed_again(tmp_path, replays):
    store = str(tmp_path / "s.sqlite")
    _run(_days("2024-03-01", 3, 1), store)
    before = len(replays)
    report = _run(_days("2024-03-04", 1, 2), store)
    assert report["run"]["new_windows"] == 1
    assert len(replays) == before  # was one replay of every stored window per open
    # the evidence carried on from the stored state is the evidence of the whole stream
    whole = _run(
        pd.concat([_days("2024-03-01", 3, 1), _days("2024-03-04", 1, 2)]), str(tmp_path / "w")
    )
    assert report["comparisons"] == whole["comparisons"]


def test_an_edit_since_the_last_run_is_still_replayed_and_refused(tmp_path, replays):
    store = str(tmp_path / "s.sqlite")
    _run(_days("2024-03-01", 3, 1), store)
    with sqlite3.connect(store) as con:
        # a middle window's e-value lowered by hand, after the run that wrote the digest
        (body,) = con.execute('SELECT body FROM results WHERE "window" = 1').fetchone()
        body = json.loads(body)
        body["tests"]["disparate_impact"]["log_e_value"] -= 0.25
        con.execute('UPDATE results SET body = ? WHERE "window" = 1', (json.dumps(body),))
    with pytest.raises(EthicLensInputError, match="window 1 holds the disparate_impact log"):
        _run(_days("2024-03-04", 1, 2), store)
    assert replays  # the digest no longer matched: replayed in full, which named the damage


def test_a_store_without_the_digest_is_replayed_once_then_carries_it(tmp_path, replays):
    store = str(tmp_path / "s.sqlite")
    _run(_days("2024-03-01", 3, 1), store)
    with sqlite3.connect(store) as con:  # as a store written before round 38
        con.execute("DELETE FROM meta WHERE key = 'replay_digest'")
    before = len(replays)
    _run(_days("2024-03-04", 1, 2), store)
    assert len(replays) == before + 1
    with sqlite3.connect(store) as con:
        (digest,) = con.execute("SELECT value FROM meta WHERE key = 'replay_digest'").fetchone()
    assert len(digest) == 66  # a JSON string of 64 hex digits
