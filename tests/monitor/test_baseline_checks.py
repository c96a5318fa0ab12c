"""Baselines that could never be used are refused (or stated), and a baseline's reading errors
name --baseline-target (run_monitor: the argument baseline_target), not TARGET."""

import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import count_windows, run_monitor
from ethiclens.monitor._baseline import Baseline, reading_baseline

from .conftest import FLAGS
from .conftest import request_of as _req
from .conftest import run_cli as _cli


def _recoded(src, folder, **race):
    """``src``'s daily files with the race groups renamed (``{old: new}``; None: dropped)."""
    folder.mkdir()
    for f in sorted(src.glob("*.csv")):
        frame = pd.read_csv(f)
        frame["race"] = frame["race"].map(lambda g: race.get(g, g))
        frame.dropna(subset=["race"]).to_csv(folder / f.name, index=False)
    return folder


def _windows(store) -> int:
    """The windows a store holds (0: none, or no store)."""
    with sqlite3.connect(store) as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        if "windows" not in tables:
            return 0
        return con.execute("SELECT COUNT(*) FROM windows").fetchone()[0]


@pytest.mark.parametrize(
    ("race", "words"),
    [
        ({"White": "white"}, "race's reference group 'White'"),  # spelled otherwise
        ({"Black": None, "Asian": None}, "race's compared groups"),  # the reference only
    ],
)
def test_a_baseline_target_no_comparison_can_use_is_refused(tmp_path, days, race, words):
    feed = days(tmp_path / "feed", range(3), n=200)
    base = _recoded(days(tmp_path / "old", range(2), n=200, seed=1), tmp_path / "base", **race)
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(_req(feed, baseline_target=str(base)), store)
    assert exc.value.column == "baseline_target" and words in str(exc.value)  # the argument
    assert _windows(store) == 0  # refused before anything was stored


def test_a_comparison_the_baseline_target_lacks_is_stated(tmp_path, days):
    feed = days(tmp_path / "feed", range(3), n=200)
    base = _recoded(days(tmp_path / "old", range(2), n=200, seed=1), tmp_path / "b", Asian=None)
    report = run_monitor(_req(feed, baseline_target=str(base)), tmp_path / "s.sqlite").data
    stated = [n for n in report["run"].get("notes", []) if "has no baseline test" in n]
    assert stated == [  # a Python call's notes name its argument (542e629b)
        "race:Asian has no baseline test: baseline_target holds no rows of it or its reference"
    ]
    request = _req(feed, baseline_target=str(base))
    zeros = np.zeros((2, 6))
    pooled = (zeros + 50, np.array([[50.0] * 6, [0.0] * 6]))
    pairs = [("race", "Black"), ("race", "Asian")]
    baseline = Baseline(request, True, pairs, [{}, {}], pooled)
    assert baseline.notes() == [
        "race:Asian has no baseline test: --baseline-target holds no rows of it or its reference"
    ]


def test_a_baseline_period_before_the_data_is_refused(tmp_path, days):
    feed = days(tmp_path / "feed", range(4), n=200)  # 2024-03-01 .. 2024-03-04
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(_req(feed, baseline_period="2024-01-01..2024-01-31"), store)
    text = str(exc.value)
    assert exc.value.column == "baseline_period" and "2024-01-01..2024-01-31" in text
    assert "the data's first window starts 2024-03-01" in text
    assert _windows(store) == 0


def test_a_baseline_period_holding_no_whole_window_is_refused(tmp_path, days):
    feed = days(tmp_path / "feed", range(21), n=100)
    with pytest.raises(EthicLensInputError, match="holds no whole window"):
        run_monitor(
            _req(feed, window="7d", baseline_period="2024-03-02..2024-03-04"),
            tmp_path / "s.sqlite",
        )


def test_a_baseline_period_after_the_data_so_far_is_awaited(tmp_path, days):
    feed = days(tmp_path / "feed", range(3), n=200)
    result = run_monitor(
        _req(feed, baseline_period="2024-03-10..2024-03-12"), tmp_path / "s.sqlite"
    )
    assert len(result.data["windows"]) == 3  # a growing feed reaches the period later


def test_a_baseline_target_matching_no_file_names_the_option(tmp_path, days, capsys):
    feed = days(tmp_path / "feed", range(2), n=100)
    (tmp_path / "empty").mkdir()
    rc, _, err = _cli(
        capsys, "monitor", feed, *FLAGS, "--protected", "race",
        "--baseline-target", tmp_path / "empty", "--store", tmp_path / "s.sqlite",
    )  # fmt: skip
    assert rc == 2 and "option '--baseline-target': matches no file" in err
    assert "TARGET" not in err


def test_a_baseline_reading_error_is_the_baselines(tmp_path, days):
    base = days(tmp_path / "base", range(1), n=50)
    frame = pd.read_csv(base / "day000.csv")
    frame.loc[3, "pred"] = 2
    frame.to_csv(base / "day000.csv", index=False)
    request = _req(tmp_path, protected=("race",))
    with pytest.raises(EthicLensInputError) as exc, reading_baseline(str(base)):
        count_windows(str(base), request.roles(), request.parsed_window(), engine="pandas")
    assert exc.value.column == "--baseline-target"
    # a run reads its baseline target this way; run_monitor names the argument (78651497)
    with pytest.raises(EthicLensInputError) as run:
        feed = days(tmp_path / "feed", range(2), n=50)
        run_monitor(_req(feed, protected=("race",), baseline_target=str(base)),
                    tmp_path / "s.sqlite")  # fmt: skip
    assert run.value.column == "baseline_target" and "column 'pred" in str(run.value)
    assert f"column 'pred (y_pred)' of the baseline ({base})" in str(exc.value)


def test_a_baseline_target_equal_to_the_target_is_refused(tmp_path, days):
    feed = days(tmp_path / "feed", range(2), n=100)
    store = tmp_path / "s.sqlite"  # refused by the run, before the store is touched
    # run_monitor's words: the request's target (round 47: it said the command line's TARGET)
    for same in (str(feed), str(feed / "*.csv"), f"{feed}/../feed"):
        with pytest.raises(EthicLensInputError, match="names target's own files"):
            run_monitor(_req(feed, baseline_target=same), store)
    with pytest.raises(EthicLensInputError, match="shares 1 of target's files"):
        run_monitor(_req(feed, baseline_target=str(feed / "day000.csv")), store)  # a part
    assert not store.exists()


def test_the_store_keeps_the_baseline_it_was_started_with(tmp_path, days):
    """The same baseline rows under another path are accepted, and a later refusal names the
    path the store began with (not the last one given)."""
    import shutil

    feed = days(tmp_path / "feed", range(4), n=100)
    base = days(tmp_path / "base", range(2), n=100, seed=1)
    copy = tmp_path / "base_copy"
    shutil.copytree(base, copy)
    store = tmp_path / "s.sqlite"
    run_monitor(_req(feed, baseline_target=str(base)), store)
    run_monitor(_req(feed, baseline_target=str(copy)), store)  # the same rows: accepted
    other = days(tmp_path / "other", range(2), n=100, seed=2)
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(_req(feed, baseline_target=str(other)), store)
    assert f"started with {base} " in str(exc.value)
