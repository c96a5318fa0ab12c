"""Round 46: a store written before round 45 (399b68f4) processed a row window ending on its
target's newest time as final; once the next export appended a row of that time, the tie sorted
it into the processed window and every run was refused "late or changed rows ... TARGET must
hold every row since the store's first ... and no late or changed rows", blaming rows that were
neither late nor changed, with no word of why. The refusal now says why (rows of the time the
window ended on have come since, and it ended on the newest time the store had seen) and the
way out: a new store over the whole history. A row of an older time that comes late to a store
of today is refused as before."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

HEAD = "t,g,y,p\n"
FIRST = [
    "2024-01-01T00:00:01Z,a,1,1",
    "2024-01-01T00:00:02Z,b,0,1",
    "2024-01-01T00:00:03Z,a,1,0",
    "2024-01-01T00:00:04Z,b,1,1",
    "2024-01-01T00:00:05Z,a,0,0",
    "2024-01-01T00:00:05Z,b,1,1",
]
LATER = "2024-01-01T00:00:06Z,b,0,0"
NEXT = ["2024-01-01T00:00:05Z,a,0,0", LATER, "2024-01-01T00:00:07Z,a,1,1"]
NEWEST = 1704067205.0  # 2024-01-01T00:00:05Z


def _run(tmp_path, rows, engine="pandas"):
    feed = tmp_path / "feed.csv"
    feed.write_text(HEAD + "\n".join(rows) + "\n")
    request = MonitorRequest(
        target=str(feed), time="t", window="3", y_pred="p", y_true="y", protected=("g=a",),
        min_group_size=1, engine=engine,
    )  # fmt: skip
    return run_monitor(request, tmp_path / "m.sqlite", warn=False)


def _as_written_before_round_45(store) -> None:
    """The store as a run before 399b68f4 left it over FIRST: window 1 processed, nothing
    held, the newest time seen 00:00:05 (a run today held window 1 until LATER came)."""
    with sqlite3.connect(store) as con:
        con.execute("UPDATE meta SET value = ? WHERE key = 'held'", (json.dumps({}),))
        con.execute("UPDATE runs SET t_max = ?", (NEWEST,))


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_an_old_store_with_a_tie_at_its_last_cut_is_told_why(tmp_path, engine):
    assert _run(tmp_path, [*FIRST, LATER], engine).to_dict()["run"]["pending_windows"] == [2]
    _as_written_before_round_45(tmp_path / "m.sqlite")
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, FIRST + NEXT, engine)
    fix = str(err.value.fix)
    assert "rows of 2024-01-01T00:00:05Z, the time window 1 ended on, have come since" in fix
    # run_monitor's argument (round 47: it said the command line's --store)
    assert "before round 45" in fix and "Start a new store_path" in fix, fix


def test_a_late_row_of_an_older_time_keeps_its_refusal(tmp_path):
    _run(tmp_path, [*FIRST, LATER])  # today's store: it saw 00:00:06 when it processed window 1
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, FIRST + NEXT)
    assert "late or changed rows: window 1" in str(err.value)
    assert "round 45" not in str(err.value.fix) and "no late or changed rows" in str(err.value.fix)
