"""Benchmark: reopening a monitor store of many groups (round 27's pairing check).

Reopening a store checks that every comparison's evidence state has results and the reverse.
The store answers that with set differences (``EXCEPT``); the peer, measured in the same run on
the same store, is the ``NOT EXISTS`` form it replaced: the results' key starts with the window,
so each state row scanned every result (15 s of a 32 s rerun at 4,668 groups). Both answers are
checked equal. Best of ``--repeats`` runs each (the machine may be shared).

Run: ``make bench`` (or ``python bench/bench_store_check.py --groups 500 2000 --windows 10``).
"""

from __future__ import annotations

import argparse
import sqlite3
import time

from ethiclens.monitor._store import _SCHEMA, _UNPAIRED

# The pairing check before round 27 (commit 2a817e8e), kept here only as the peer.
_NOT_EXISTS = """
SELECT attribute, grp, 'results' FROM state WHERE NOT EXISTS (
    SELECT 1 FROM results r WHERE r.attribute = state.attribute AND r.grp = state.grp)
UNION ALL
SELECT attribute, grp, 'evidence state' FROM results WHERE NOT EXISTS (
    SELECT 1 FROM state s WHERE s.attribute = results.attribute AND s.grp = results.grp)
LIMIT 1
"""


def store(groups: int, windows: int, keys: int = 30) -> sqlite3.Connection:
    """An in-memory store of ``groups`` comparisons over ``windows`` windows, all paired."""
    con = sqlite3.connect(":memory:")
    con.executescript(_SCHEMA)
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


def best_of(repeats: int, con: sqlite3.Connection, sql: str) -> tuple[float, list]:
    times, answer = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        answer = con.execute(sql).fetchall()
        times.append(time.perf_counter() - start)
    return min(times), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--windows", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"monitor store pairing check, {args.windows} windows, 30 state rows per group")
    for groups in args.groups:
        con = store(groups, args.windows)
        ours, answer = best_of(args.repeats, con, _UNPAIRED)
        peer, peer_answer = best_of(args.repeats, con, _NOT_EXISTS)
        assert answer == peer_answer == [], (answer, peer_answer)
        print(
            f"  {groups:>5} groups: EXCEPT {ours:.3f} s, NOT EXISTS {peer:.3f} s "
            f"({peer / max(ours, 1e-9):.0f}x)"
        )


if __name__ == "__main__":
    main()
