"""Distributional equivalence of the vectorized and Opacus trainers from two results stores.

Usage: python bench/compare_trainers.py OPACUS.sqlite VECTORIZED.sqlite
Prints, per (dataset, attribute, ε), the mean ± standard error over seeds of test accuracy,
DP-Gap and δ per group for both trainers, the difference in units of the combined standard
error, and whether it is within 2 SE.
"""

import sys

import numpy as np

from ethiclens.experiments import open_existing
from ethiclens.experiments._tables import per_seed

METRICS = ["acc", "dp_gap", "delta0", "delta1"]


def main(a, b):
    sa, sb = (per_seed(open_existing(p).group_stats()) for p in (a, b))
    print(
        "| dataset | attribute | ε | metric | Opacus mean ± SE | vectorized mean ± SE | "
        "diff / SE | within 2 SE |"
    )
    print("|---|---|---|---|---|---|---|---|")
    worst = 0.0
    for (d, attr, e), pa in sa.groupby(["dataset", "attribute", "epsilon_key"]):
        pb = sb[(sb.dataset == d) & (sb.attribute == attr) & (sb.epsilon_key == e)]
        for m in METRICS:
            x, y = pa[m].to_numpy(), pb[m].to_numpy()
            se_x, se_y = x.std(ddof=1) / np.sqrt(len(x)), y.std(ddof=1) / np.sqrt(len(y))
            se = np.hypot(se_x, se_y)
            z = (y.mean() - x.mean()) / se if se > 0 else 0.0
            worst = max(worst, abs(z))
            label = {"delta0": f"δ {pa.group0.iloc[0]}", "delta1": f"δ {pa.group1.iloc[0]}"}.get(
                m, m
            )
            eps = "no-DP" if e == "none" else e
            print(
                f"| {d} | {attr} | {eps} | {label} | {x.mean():.4f} ± {se_x:.4f} | "
                f"{y.mean():.4f} ± {se_y:.4f} | {z:+.2f} | {'yes' if abs(z) <= 2 else 'NO'} |"
            )
    print(f"\nlargest |diff| / SE: {worst:.2f}; seeds per cell: {len(pa)}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
