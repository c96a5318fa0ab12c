"""Is ACS's large no-DP overfitting gap a scale effect? (issue 27)

Our ACS Income rows (Colorado, 31,306) have no-DP overfitting gaps δ_g about 5× the paper's
(.033 / .029 against .0065 / .0056 on its 50,000-row CA+TX+NY subsample). This trains the same
no-DP MLP (the `paper` preset's settings, the vectorized trainer) on Colorado alone and on
Colorado and Nebraska pooled (the two states that ship), same seeds, and writes the mean δ_g per
group of race and sex to ``acs_scale_check.csv``. If the gap were a scale effect, 34 % more rows
would shrink it visibly.

Run from the repository root, one thread::

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 \\
        .venv/bin/python docs/reproductions/pcer/acs_scale_check.py --seeds 10
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import pandas as pd

from ethiclens.datasets import load_acs_income
from ethiclens.experiments import prepare
from ethiclens.privacy import pcer_audit, train_dp_mlp

OUT = Path(__file__).with_name("acs_scale_check.csv")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    rows = []
    start = time.perf_counter()
    for states in (["CO"], ["CO", "NE"]):
        ds = load_acs_income(states)
        for seed in range(args.seeds):
            data = prepare("acs-income", seed, dataset=ds)
            run = train_dp_mlp("acs-income", epsilon=None, seed=seed, data=data)
            acc = float(((run.test_proba >= 0.5) == data.y_test).mean())
            for attr in ("race", "sex"):
                train, test = run.splits(attr)
                res = pcer_audit(train, test, group_order=run.group_order(attr),
                                 positive_is_favorable=data.positive_is_favorable)  # fmt: skip
                for i, g in enumerate(res.groups):
                    rows.append(dict(states="+".join(states), n=len(ds), seed=seed,
                                     attribute=attr, group_index=i, group=g.group,
                                     delta=g.delta, acc_test=acc))  # fmt: skip
    frame = pd.DataFrame(rows)
    summary = (
        frame.groupby(["states", "n", "attribute", "group_index", "group"])
        .delta.agg(["mean", "std", "count"])
        .reset_index()
    )
    summary["se"] = summary["std"] / np.sqrt(summary["count"])
    summary.to_csv(OUT, index=False)
    print(summary.to_string(index=False))
    print(f"wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
