"""Benchmark: MST and AIM fit + sample time and DP/EO estimation error on Adult at ε = 10.

The platform's audit data is Adult's 30,162 rows labelled by a fixed rule-free model (a random
forest as in the P2NIA experiment); ≈ 10 released columns (sex, Y, Ŷ and 8 features, numeric
ones discretised). MST and AIM use Private-PGM (mbi 2.0, JAX); AIM is capped at
``AIM_MAX_ROUNDS`` rounds with the audit's marginals as workload (see p2nia/_synth.py).

Run: ``make bench`` or ``python bench/bench_synth.py [--n 5000]``.
"""

from __future__ import annotations

import argparse
import time
import warnings

warnings.filterwarnings("ignore")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--epsilon", type=float, default=10.0)
    args = parser.parse_args()

    import numpy as np
    import pandas as pd
    from sklearn.model_selection import train_test_split

    from ethiclens.experiments._p2nia_experiment import BINS, _fit, _load
    from ethiclens.p2nia import get_mechanism
    from ethiclens.p2nia._metrics import joint_from_codes, metrics_from_joint
    from ethiclens.p2nia._synth import AIM_MAX_ROUNDS

    ds, X, protected = _load("adult")
    X_tr, X_te, y_tr, y_te = train_test_split(
        X, ds.label, test_size=0.2, stratify=ds.label, random_state=0
    )
    model = _fit("rf", X_tr, y_tr, 0)
    audit = X_te.reset_index(drop=True).copy()
    audit["_y"], audit["_pred"] = y_te.to_numpy(), model.predict(X_te)
    groups = sorted(map(str, pd.unique(X[protected])))
    codes = pd.Categorical(audit[protected].astype(str), categories=groups).codes
    ref = metrics_from_joint(joint_from_codes(codes, audit["_y"], audit["_pred"], 2))
    extra = [c for c in X.columns if c != protected][:8]
    print(
        f"Adult audit data: {len(audit):,} rows; released columns: {protected}, Y, Ŷ + "
        f"{extra}; ε = {args.epsilon}, n′ = {args.n}; reference DP {ref['dp']:.4f}, EO "
        f"{ref['eo']:.4f}"
    )
    for mech in ("mst", "aim"):
        start = time.perf_counter()
        table = get_mechanism(mech).fit_and_sample(
            args.epsilon,
            audit,
            protected,
            groups,
            extra,
            BINS,
            [args.n],
            np.random.default_rng(0),
        )[args.n]
        seconds = time.perf_counter() - start
        c = pd.Categorical(table[protected].astype(str), categories=groups).codes
        est = metrics_from_joint(joint_from_codes(c, table["Y"], table["Y_hat"], 2))
        cap = f" ({AIM_MAX_ROUNDS}-round cap)" if mech == "aim" else ""
        print(
            f"{mech.upper():4}{cap:16}: fit + sample {seconds:6.1f} s; |DP error| "
            f"{abs(est['dp'] - ref['dp']):.4f}, |EO error| {abs(est['eo'] - ref['eo']):.4f}"
        )


if __name__ == "__main__":
    main()
