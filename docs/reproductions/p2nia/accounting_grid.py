"""GRR with both accountings beside the black box on Adult: Figs. 3, 4 and the per-metric table.

Random forest only, 10 repetitions, n′ ∈ {250, …, 5000} at ε = 10 and ε ∈ {0.1, 0.5, 1, 2, 5, 10}
at n′ = 5,000; GRR once with record accounting (the default) and once with per-column accounting
(the paper's), the black box once. Each GRR metric comes from a release of only the columns it
needs. MST/AIM and XGBoost are not rerun here (see the synth-* and cheap-* runs).

Run from the repository root: ``.venv/bin/python docs/reproductions/p2nia/accounting_grid.py``
(writes accounting-adult-rows.csv, -fig3-fig4.png and -tables.md beside this file).
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd

from ethiclens.experiments import ExperimentConfig, run_experiment, write_experiment_outputs

COMMON = dict(
    dataset="adult",
    models=("rf",),
    repetitions=10,
    sizes=(250, 500, 1000, 2000, 5000),
    epsilons=(0.1, 0.5, 1.0, 2.0, 5.0, 10.0),
    metric_epsilons=(10.0, 1.0),
)


def main():
    start = time.perf_counter()
    frames = [
        run_experiment(ExperimentConfig(mechanisms=("grr", "blackbox"), **COMMON), workers=1),
        run_experiment(
            ExperimentConfig(mechanisms=("grr",), accounting="per-column", **COMMON), workers=1
        ),
    ]
    frame = pd.concat(frames, ignore_index=True)
    out = Path(__file__).parent
    files = write_experiment_outputs(frame, out, "accounting-adult", metric_epsilons=(10.0, 1.0))
    print(f"wall time {time.perf_counter() - start:.0f} s; wrote {[f.name for f in files]}")


if __name__ == "__main__":
    main()
