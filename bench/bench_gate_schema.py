"""Benchmark: the gate's schema check of a baseline report (round 28).

``--baseline`` reads an earlier audit's JSON report and checks it against the report schema
before trusting a number of it. The peer, measured in the same run on the same report, is
jsonschema's validator (what the gate used alone before round 28): it builds an object per
keyword and value, seconds for a report of a thousand groups. The gate now asks
fastjsonschema's compiled check for a yes or no and jsonschema only to name the first error of
a broken report. Both answers are checked equal here. Best of ``--repeats`` runs each (the
machine may be shared: the minimum is the least disturbed).

Run: ``make bench`` (or ``python bench/bench_gate_schema.py --groups 100 1000``).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import ethiclens
from ethiclens.fairness._gate import _report_validator


def report_of(n_groups: int, seed: int = 0) -> dict:
    """The JSON report of an audit of one attribute of ``n_groups`` groups (B = 200)."""
    rng = np.random.default_rng(seed)
    n = 60 * n_groups
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    groups = np.array([f"g{i}" for i in range(n_groups)])[rng.integers(0, n_groups, n)]
    result = ethiclens.audit(y, p, {"g": groups}, n_boot=200, random_state=seed)
    return json.loads(result.to_json())


def best_of(repeats: int, check, report) -> tuple[float, bool]:
    times, answer = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        answer = check(report)
        times.append(time.perf_counter() - start)
    return min(times), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    quick, validator = _report_validator()
    print("| groups | comparisons | fastjsonschema (the gate) | jsonschema (the peer) | ratio |")
    print("|---:|---:|---:|---:|---:|")
    for k in args.groups:
        report = report_of(k)
        ours, yes = best_of(args.repeats, quick, report)
        peer, peer_yes = best_of(args.repeats, validator.is_valid, report)
        assert yes == peer_yes, "the two checks disagree"
        n = len(report["comparisons"])
        print(f"| {k:,} | {n:,} | {ours:.3f} s | {peer:.3f} s | {peer / ours:.0f}x |")


if __name__ == "__main__":
    main()
