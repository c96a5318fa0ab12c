"""``ethiclens monitor`` at scale: 10,000,000 rows over 365 daily windows (one Parquet file,
counted by DuckDB), then one new day added to the store, and the per-observation betting loop
(Chugg et al.'s reference form: pure Python, one pair at a time) timed on a smaller stream and
extrapolated (stated as such) — or, with ``--full-loop``, measured on the stream's own pairs
(every comparison's reference and group rows paired per day: ≈ 4M pairs, 15–30 s CPU).

    python bench/bench_monitor.py [--rows 10000000] [--days 365] [--loop-pairs 200000]
                                  [--full-loop]
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time
from pathlib import Path

import numpy as np


def make_parquet(path: Path, rows: int, days: int, seed: int = 0, start_day: int = 0) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    base = np.datetime64("2024-01-01T00:00:00", "s") + np.timedelta64(start_day, "D")
    ts = base + rng.integers(0, days * 86400, rows).astype("timedelta64[s]")
    race = rng.choice(np.array(["White", "Black", "Asian", "Other"]), rows, p=[0.6, 0.2, 0.1, 0.1])
    y = rng.random(rows) < 0.5
    black = race == "Black"
    p = np.where(y, rng.random(rows) < np.where(black, 0.6, 0.7),
                 rng.random(rows) < np.where(black, 0.2, 0.3))  # fmt: skip
    table = pa.table({
        "ts": pa.array(ts, pa.timestamp("s")), "label": y.astype(np.int8),
        "pred": p.astype(np.int8), "race": race,
    })  # fmt: skip
    pq.write_table(table, path)


def monitor(target, store, **kw):
    from ethiclens.monitor import MonitorRequest, run_monitor

    req = MonitorRequest(target=str(target), time="ts", window="1d", y_pred="pred",
                         y_true="label", protected=("race=White",), **kw)  # fmt: skip
    start, cpu = time.perf_counter(), time.process_time()
    result = run_monitor(req, store)
    wall = time.perf_counter() - start
    print(f"    (wall {wall:.2f} s, CPU of this process and its DuckDB threads "
          f"{time.process_time() - cpu:.2f} s)")  # fmt: skip
    return wall, time.process_time() - cpu, result


def random_pairs(pairs: int, seed: int = 0) -> tuple[list, list]:
    """``pairs`` random 0/1 pairs (reference rate 0.5, group 0.45)."""
    rng = np.random.default_rng(seed)
    return (rng.random(pairs) < 0.5).tolist(), (rng.random(pairs) < 0.45).tolist()


def stream_pairs(path: Path, reference: str = "White") -> tuple[list, list]:
    """The stream's own pairs, as the paper's loop would see them: per day and per compared
    group, its rows' predictions paired in file order with the reference's (min(n_ref, n_group)
    pairs), the comparisons one after another."""
    import pyarrow.parquet as pq

    table = pq.read_table(path, columns=["ts", "pred", "race"]).to_pandas()
    day = table["ts"].to_numpy().astype("datetime64[D]").astype(np.int64)
    pred, race = table["pred"].to_numpy(), table["race"].to_numpy()
    order = np.argsort(day, kind="stable")
    cuts = np.flatnonzero(np.diff(day[order])) + 1
    a, b = [], []
    for group in sorted(set(race) - {reference}):
        for rows in np.split(order, cuts):
            ref, grp = pred[rows[race[rows] == reference]], pred[rows[race[rows] == group]]
            m = min(len(ref), len(grp))
            a.extend(ref[:m].tolist())
            b.extend(grp[:m].tolist())
    return a, b


def per_observation_loop(a: list, b: list) -> float:
    """CPU seconds of the paper's loop form on the pairs ``zip(a, b)``: pure Python, an ONS step
    per pair, the six one-sided tests of the DI and EO nulls (what the monitor runs per
    comparison)."""
    nulls = [(0.8, -1.0, 0.0), (-1.25, 1.0, 0.0), (-1.0, 1.0, -0.1), (1.0, -1.0, -0.1),
             (-1.0, 1.0, -0.1), (1.0, -1.0, -0.1)]  # fmt: skip
    step = 2 / (2 - math.log(3))
    start = time.process_time()
    for u, v, w in nulls:
        lam, big_a, logw = 0.0, 1.0, 0.0
        cap = 0.5 / max(-min(w, u + w, v + w, u + v + w), 1e-12)
        for x, y in zip(a, b, strict=True):
            z = u * x + v * y + w
            one = 1 + lam * z
            logw += math.log(one)
            g = z / one
            big_a += g * g
            lam = min(max(lam + step * g / big_a, 0.0), cap)
    return time.process_time() - start


def evidence_only(doc: dict) -> None:
    """The sequential part alone on the run's own window counts (365 windows x 3 comparisons):
    the tests only (what the per-observation loop computes), then with the four confidence
    sequences per comparison. The counts are taken from the report first (not timed, as the
    loop's pairs are built before it is timed)."""
    hist = [c["history"] for c in doc["comparisons"]]
    fields = ("n", "sel", "pos", "tp", "neg", "fp")
    counts = [
        tuple(
            {f: np.array([h[t]["counts"][side][f] for h in hist], float) for f in fields}
            for side in ("reference", "group")
        )
        for t in range(len(hist[0]))
    ]
    for sequences in (False, True):
        # best of 5: a 0.1 s measurement on a shared machine is at the mercy of the others
        spent = min(_evidence_cpu(counts, len(hist), sequences) for _ in range(5))
        what = "tests + confidence sequences" if sequences else "tests only"
        print(f"    evidence alone, {what}: {len(counts)} windows x {len(hist)} comparisons "
              f"in {spent:.3f} s CPU (best of 5)")  # fmt: skip
        if not sequences:
            EVIDENCE_CPU["tests"] = spent


def _evidence_cpu(counts: list, comparisons: int, sequences: bool) -> float:
    """CPU seconds of one pass of ``Evidence.update`` over the windows' counts."""
    from ethiclens.monitor import Evidence

    ev = Evidence(shape=(comparisons,), sequences=sequences)
    cpu = time.process_time()
    for reference, group in counts:
        ev.update(reference, group)
    return time.process_time() - cpu


EVIDENCE_CPU: dict = {}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--loop-pairs", type=int, default=200_000)
    ap.add_argument(
        "--full-loop",
        action="store_true",
        help="measure the loop on the stream's own pairs instead of extrapolating",
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        data = tmp / "year"
        data.mkdir()
        t0 = time.perf_counter()
        make_parquet(data / "part-0.parquet", args.rows, args.days)
        print(f"data: {args.rows:,} rows over {args.days} days written in "
              f"{time.perf_counter() - t0:.1f} s")  # fmt: skip
        store = tmp / "monitor.sqlite"
        seconds, cpu, result = monitor(data, store)
        doc = result.to_dict()
        print(f"monitor, first run (count with {doc['run']['engine']} + {len(doc['windows'])} "
              f"windows x {len(doc['comparisons'])} comparisons tested + stored): "
              f"{seconds:.2f} s")  # fmt: skip
        evidence_only(doc)
        rows_per_day = args.rows // args.days
        make_parquet(data / "part-1.parquet", rows_per_day, 1, seed=1, start_day=args.days)
        seconds_day, _, result = monitor(data, store)
        print(f"one new day ({rows_per_day:,} rows) added to the store (the whole folder "
              f"re-counted, {result.to_dict()['run']['already_seen']} windows recognised): "
              f"{seconds_day:.2f} s")  # fmt: skip
        today = tmp / "today"
        today.mkdir()
        make_parquet(today / "day.parquet", rows_per_day, 1, seed=2, start_day=args.days + 1)
        seconds_today, _, _ = monitor(today, store)
        print(f"one new day given alone (today's file): {seconds_today:.2f} s")
        if args.full_loop:
            a, b = stream_pairs(data / "part-0.parquet")
            loop = per_observation_loop(a, b)
            print(f"per-observation loop, measured on the stream's own {len(a):,} pairs x 6 "
                  f"one-sided tests: {loop:.1f} s CPU, {loop / cpu:.1f}x the monitor's first "
                  f"run's CPU; {loop / EVIDENCE_CPU['tests']:.0f}x the same six tests updated "
                  "per window from the counts")  # fmt: skip
            return
    loop = per_observation_loop(*random_pairs(args.loop_pairs))
    comparisons = 3
    # pairs per comparison: min(group, reference) rows; reference White 60 %, others 20/10/10 %
    pairs = args.rows * (0.2 + 0.1 + 0.1)
    est = loop / args.loop_pairs * pairs
    print(
        f"per-observation loop: {args.loop_pairs:,} pairs x 6 one-sided tests in {loop:.2f} s "
        "CPU; "
        f"extrapolated linearly to the {pairs:,.0f} pairs of the {comparisons} comparisons "
        f"(not measured): {est:.0f} s CPU, {est / cpu:.0f}x the monitor's first run's CPU "
        "(which also counts, draws window intervals and keeps confidence sequences); "
        f"{est / EVIDENCE_CPU['tests']:.0f}x the same six tests updated per window from the "
        "counts"
    )


if __name__ == "__main__":
    main()
