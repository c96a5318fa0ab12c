"""Benchmark: the whole EthicLens audit with BCa CIs vs fairlearn's bootstrap, same data, same run.

1,000,000 rows, 5 groups, B = 1,000 replicates. Fairlearn's ``MetricFrame(n_boot=...)`` costs
seconds per replicate at this size, so it is timed on a few replicates and scaled linearly
(plain MetricFrame time + B x measured per-replicate time); the printout says so.

Run: ``make bench`` (or ``python bench/bench_audit.py --rows 100000 --fairlearn-reps 2``).
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np
import pandas as pd


def make_data(n_rows: int, n_groups: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, n_groups, n_rows)
    base = np.linspace(0.3, 0.6, n_groups)[codes]
    y = (rng.random(n_rows) < base).astype(np.int8)
    tpr = np.linspace(0.8, 0.6, n_groups)[codes]
    fpr = np.linspace(0.1, 0.3, n_groups)[codes]
    p = np.where(y == 1, rng.random(n_rows) < tpr, rng.random(n_rows) < fpr).astype(np.int8)
    names = np.array([f"group_{i}" for i in range(n_groups)])
    return y, p, codes, names[codes]


def time_ethiclens(y, p, groups, n_boot, repeats=3, ci="bca"):
    import ethiclens

    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = ethiclens.audit(y, p, groups, n_boot=n_boot, ci=ci, random_state=0)
        best = min(best, time.perf_counter() - t0)
    return best, result


def time_fairlearn(y, p, groups, reps):
    from fairlearn.metrics import (
        MetricFrame,
        false_positive_rate,
        selection_rate,
        true_positive_rate,
    )

    metrics = {
        "selection_rate": selection_rate,
        "tpr": true_positive_rate,
        "fpr": false_positive_rate,
    }
    y_s, p_s, g_s = pd.Series(y), pd.Series(p), pd.Series(groups)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t0 = time.perf_counter()
        MetricFrame(metrics=metrics, y_true=y_s, y_pred=p_s, sensitive_features=g_s)
        plain = time.perf_counter() - t0
        t0 = time.perf_counter()
        MetricFrame(
            metrics=metrics,
            y_true=y_s,
            y_pred=p_s,
            sensitive_features=g_s,
            n_boot=reps,
            ci_quantiles=[0.025, 0.975],
            random_state=0,
        )
        boot = time.perf_counter() - t0
    per_rep = max(boot - plain, 1e-9) / reps
    return plain, per_rep


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--groups", type=int, default=5)
    parser.add_argument("--n-boot", type=int, default=1000)
    parser.add_argument("--fairlearn-reps", type=int, default=3)
    args = parser.parse_args()

    y, p, codes, names = make_data(args.rows, args.groups)
    print(f"data: {args.rows:,} rows, {args.groups} groups, B = {args.n_boot} (BCa)")
    t_str, result = time_ethiclens(y, p, names, args.n_boot)
    t_int, _ = time_ethiclens(y, p, codes, args.n_boot)
    n_metrics = sum(len(c.metrics) for c in result.comparisons)
    print(
        f"ethiclens audit, string group labels : {t_str:8.3f} s  "
        f"({len(result.comparisons)} comparisons x {n_metrics // len(result.comparisons)} "
        "metrics + per-group rates, all with BCa CIs)"
    )
    print(f"ethiclens audit, integer group codes : {t_int:8.3f} s")
    t_jef, _ = time_ethiclens(y, p, names, args.n_boot, ci="jeffreys")
    print(f"ethiclens audit, default jeffreys    : {t_jef:8.3f} s (string labels)")

    plain, per_rep = time_fairlearn(y, p, names, args.fairlearn_reps)
    fl_total = plain + args.n_boot * per_rep
    print(
        f"fairlearn MetricFrame (3 metrics)     : {plain:8.3f} s plain, {per_rep:.3f} s per "
        f"replicate (measured on {args.fairlearn_reps} replicates)"
    )
    print(
        f"fairlearn at B = {args.n_boot} (scaled linearly) : {fl_total:8.1f} s "
        f"(percentile CIs, rows resampled unstratified)"
    )
    print(
        f"speed-up vs fairlearn at equal B      : {fl_total / t_str:,.0f}x (string labels), "
        f"{fl_total / t_int:,.0f}x (integer codes)"
    )


if __name__ == "__main__":
    main()
