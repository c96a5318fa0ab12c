"""Round 27: reopening a store of many groups checks that every comparison's evidence state has
results (and the reverse) by set differences, not a scan of every result for each state row:
that took 15 s of a 32 s run at 4,668 groups and 2 windows, and grew with groups times windows.
A comparison short of either is still refused as damage. The speed is measured against the
NOT EXISTS form it replaced in bench/bench_store_check.py (make bench), not asserted here."""

import sqlite3

from ethiclens.monitor._store import _SCHEMA, _UNPAIRED


def _store(groups: int, windows: int, keys: int = 30) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.executescript(_SCHEMA)  # the store's own tables
    names = [f"g{i}" for i in range(groups)]
    con.executemany(
        "INSERT INTO results VALUES (?, 'race', ?, '{}')",
        [(w, g) for w in range(windows) for g in names],
    )
    con.executemany(
        "INSERT INTO state VALUES ('race', ?, ?, 'f8', '[]', x'00')",
        [(g, f"k{k}") for g in names for k in range(keys)],
    )
    return con


def test_the_pairing_check_of_many_groups_finds_every_comparison_paired():
    con = _store(groups=2000, windows=10)
    assert con.execute(_UNPAIRED).fetchall() == []


def test_a_comparison_short_of_results_or_state_is_still_found():
    con = _store(groups=5, windows=2)
    con.execute("DELETE FROM results WHERE grp = 'g3'")
    assert con.execute(_UNPAIRED).fetchall() == [("race", "g3", "results")]
    con = _store(groups=5, windows=2)
    con.execute("DELETE FROM state WHERE grp = 'g1'")
    assert con.execute(_UNPAIRED).fetchall() == [("race", "g1", "evidence state")]
