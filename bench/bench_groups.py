"""Benchmark: the audit at many groups (issue 22, item 3).

1,000,000 rows, one attribute of 5, 200 and 2,000 groups, B = 1,000 Jeffreys draws (the
default), labels, no scores, string group labels: every group rate and every comparison metric
with its interval, status, floors and z-test.

The peer, measured in the same run on the same draws, is the per-interval loop the audit used
before issue 22: one ``bootstrap_interval`` call (a ``np.quantile`` of one column) per group
metric and per comparison component, against the interval kit's one batched call per statistic
(``_intervals.equal_tailed``). Both give the same numbers (checked here). ``--fairlearn`` also
times fairlearn's ``MetricFrame`` (3 metrics, point estimates only, no intervals; seconds to
minutes at 2,000 groups). Best of ``--repeats`` runs each (the machine may be shared: the minimum
is the least disturbed, and every time is an upper bound). The whole audit's CPU time (user +
system, of this process) is shown beside its wall time: other work on a shared machine delays
the wall clock far more than it adds CPU time, so CPU time is the closer estimate of a quiet
machine's wall time.

Run: ``make bench`` (or ``python bench/bench_groups.py --groups 5 200 --repeats 1``).
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


def best_of(repeats: int, fn, *args, **kwargs) -> float:
    return best_times(repeats, fn, *args, **kwargs)[0]


def best_times(repeats: int, fn, *args, **kwargs) -> tuple[float, float]:
    """The least wall time and the least CPU time over ``repeats`` runs."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        fn(*args, **kwargs)
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def fairlearn_plain(y, p, groups):
    from fairlearn.metrics import (
        MetricFrame,
        false_positive_rate,
        selection_rate,
        true_positive_rate,
    )

    metrics = {"sr": selection_rate, "tpr": true_positive_rate, "fpr": false_positive_rate}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return MetricFrame(
            metrics=metrics,
            y_true=pd.Series(y),
            y_pred=pd.Series(p),
            sensitive_features=pd.Series(groups),
        ).by_group


def statistics(codes, y, p, n_groups, n_boot):
    """The draws of every statistic the audit takes an interval of: each group metric over the
    groups, and each signed comparison component (log ratio of selection rates, differences of
    the others) against group 0, as the audit forms them; (n_boot, n_groups) each."""
    from ethiclens.fairness._bootstrap import draw_dirichlet_cells
    from ethiclens.fairness._metrics import COMPARISON_METRIC_SPECS, GROUP_METRIC_SPECS

    cells = np.bincount(codes * 4 + (1 - p) * 2 + (1 - y), minlength=n_groups * 4)
    cells = cells.reshape(n_groups, 4).astype(float)
    boot = draw_dirichlet_cells(cells, cells.sum(axis=1), n_boot, np.random.default_rng(0))
    with np.errstate(all="ignore"):
        reps = {name: np.asarray(s.fn(boot, True), float) for name, s in GROUP_METRIC_SPECS.items()}
        stats = list(reps.values())
        seen = set()
        for spec in COMPARISON_METRIC_SPECS.values():
            for c in spec.components:
                if (c, spec.kind == "ratio") in seen:
                    continue
                seen.add((c, spec.kind == "ratio"))
                if spec.kind == "ratio":
                    logs = np.log(reps[c])
                    stats.append(logs - logs[:, :1])
                else:
                    stats.append(reps[c] - reps[c][:, :1])
    return stats


def batched(stats):
    from ethiclens.fairness._intervals import equal_tailed

    return [equal_tailed(s) for s in stats]


def per_column(stats):
    from ethiclens.fairness._bootstrap import bootstrap_interval

    return [
        [
            bootstrap_interval(0.0, s[:, j], None, None, method="percentile")
            for j in range(s.shape[1])
        ]
        for s in stats
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--groups", type=int, nargs="+", default=[5, 200, 2000])
    parser.add_argument("--n-boot", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--fairlearn", action="store_true", help="also time fairlearn")
    args = parser.parse_args(argv)

    import ethiclens

    print(
        f"{args.rows:,} rows, B = {args.n_boot} Jeffreys draws, labels, no scores, string "
        f"labels; best of {args.repeats} (a shared machine makes every time an upper bound)"
    )
    head = (
        "| groups | intervals | whole audit | whole audit, CPU | intervals, kit (batched) | "
        "intervals, one call each (the old loop) | loop / kit |"
    )
    if args.fairlearn:
        head += " fairlearn MetricFrame, 3 metrics, no intervals (1 run) |"
    print(head)
    print("|---:" * (8 if args.fairlearn else 7) + "|")
    for g in args.groups:
        print(measure(ethiclens, g, args), flush=True)


def measure(ethiclens, g, args) -> str:
    y, p, codes, names = make_data(args.rows, g)
    t_audit, cpu_audit = best_times(
        args.repeats, ethiclens.audit, y, p, names, n_boot=args.n_boot, random_state=0
    )
    stats = statistics(codes, y, p, g, args.n_boot)
    kit, loop = batched(stats), per_column(stats)
    assert all(
        ivs.at(j) == ref for ivs, refs in zip(kit, loop, strict=True) for j, ref in enumerate(refs)
    ), "the batched intervals differ from the per-column ones"
    t_kit = best_of(args.repeats, batched, stats)
    t_loop = best_of(args.repeats, per_column, stats)
    n_iv = sum(s.shape[1] for s in stats)
    line = (
        f"| {g:,} | {n_iv:,} | {t_audit:.3f} s | {cpu_audit:.3f} s | {t_kit:.3f} s | "
        f"{t_loop:.3f} s | "
        f"{t_loop / t_kit:.1f}x |"
    )
    if args.fairlearn:
        line += f" {best_of(1, fairlearn_plain, y, p, names):.3f} s |"
    return line


if __name__ == "__main__":
    main()
