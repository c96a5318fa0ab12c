"""Benchmark: comparing two models on the same rows with paired intervals (issue 16).

1,000,000 rows, 5 groups, B = 1,000 paired draws. Times (a) the paired-interval core alone:
joint (ŷ_A, ŷ_B, y) cell counts of every group and the Dirichlet draws and differences of every
metric, and (b) the whole ``ethiclens.compare`` call, which also validates the inputs and runs
both models' full audits. Best of three runs each.

Run: ``make bench`` (or ``python bench/bench_compare.py --rows 100000``).
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def make_data(n_rows: int, n_groups: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, n_groups, n_rows)
    y = (rng.random(n_rows) < np.linspace(0.3, 0.6, n_groups)[codes]).astype(np.int8)
    a = (rng.random(n_rows) < np.where(y == 1, 0.7, 0.2)).astype(np.int8)
    b = np.where(rng.random(n_rows) < 0.1, 1 - a, a).astype(np.int8)
    names = np.array([f"group_{i}" for i in range(n_groups)])
    return y, a, b, codes, names[codes]


def best_of(fn, repeats=3):
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--groups", type=int, default=5)
    parser.add_argument("--n-boot", type=int, default=1000)
    args = parser.parse_args(argv)

    import ethiclens
    from ethiclens.fairness import AuditOptions
    from ethiclens.fairness._compare import (
        PairedGroups,
        joint_cells,
        joint_counts,
        paired_differences,
    )

    y, a, b, codes, labels = make_data(args.rows, args.groups)
    groups = [f"group_{i}" for i in range(args.groups)]

    def core():
        counts = joint_counts(codes, joint_cells(a, b, y), args.groups, True)
        rng = np.random.default_rng(0)
        opts = AuditOptions(n_boot=args.n_boot)
        return paired_differences(PairedGroups("g", groups, 0, True), counts, rng, opts)

    def full():
        return ethiclens.compare(y, a, b, labels, n_boot=args.n_boot, random_state=0)

    t_core = best_of(core)
    t_full = best_of(full)
    result = full()
    n_metrics = len({d.metric for d in result.differences})
    print(
        f"compare: {args.rows:,} rows, {args.groups} groups, B = {args.n_boot}, "
        f"{n_metrics} comparison metrics x {len(result.verdicts)} comparisons + per-group rates"
    )
    print(f"  paired intervals (joint-cell counts + draws + differences): {t_core:.3f} s")
    print(f"  ethiclens.compare (validation + both audits + paired intervals): {t_full:.3f} s")


if __name__ == "__main__":
    main()
