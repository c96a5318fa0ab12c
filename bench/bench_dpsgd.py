"""Benchmark: DP-SGD models per minute, Opacus (sequential) vs the vectorized trainer.

Adult (train+test merged, 45,222 rows, 70/30 split), the paper's MLP, 25 epochs, ε = 1,
δ = 1e-5, C = 1, batch 256, one torch thread for both. Opacus is timed on a few models trained
one after another; the vectorized trainer on K = 10, 25, 50 models per call (it trains them in
passes of at most ``MODELS_PER_PASS``); same run, same data preparation and the same σ (the
accountant's search for σ is cached and warmed first, so neither timing includes it).

The vectorized trainer's batched products go through numpy's BLAS (OpenBLAS in numpy's wheels),
Opacus's through torch's MKL; the script prints which OpenBLAS kernel loaded. ``make bench``
unsets OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE for this command (this machine pins them to the AVX2
"Haswell" kernel for the sake of old OpenBLAS builds; current numpy picks its AVX-512 kernel).

Run: ``make bench`` or ``python bench/bench_dpsgd.py [--opacus-models 3] [--ks 10,25,50]``.
"""

from __future__ import annotations

import argparse
import time
import warnings

warnings.filterwarnings("ignore")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opacus-models", type=int, default=3)
    parser.add_argument("--ks", default="10,25,50")
    parser.add_argument("--epochs", type=int, default=25)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()

    import torch
    from threadpoolctl import threadpool_info

    from ethiclens.experiments import load_pcer_dataset, prepare
    from ethiclens.privacy import TrainConfig, train_dp_mlp
    from ethiclens.privacy._dpsgd import check_settings, noise_multiplier_for
    from ethiclens.privacy._vectorized import MODELS_PER_PASS, train_many

    ks = [int(k) for k in args.ks.split(",")]
    config = TrainConfig(epochs=args.epochs)
    ds = load_pcer_dataset("adult")
    datas = [prepare("adult", s, dataset=ds) for s in range(max(ks + [args.opacus_models]))]
    print(
        f"Adult: {len(datas[0].y_train):,} training rows, {datas[0].n_features} features, "
        f"{args.epochs} epochs, ε = 1, {args.threads} torch thread(s)"
    )
    torch.set_num_threads(args.threads)
    blas = [i for i in threadpool_info() if i["user_api"] == "blas"]
    blas = [i for i in blas if "numpy" in i["filepath"]] or blas  # numpy's own copy
    blas = [
        f"{i['internal_api']} {i['version']} ({i.get('architecture', '?')} kernels)" for i in blas
    ]
    print(
        f"numpy BLAS: {', '.join(blas) or 'none found'}; torch {torch.__version__} with "
        f"{torch.get_num_threads()} thread(s); the trainer limits numpy's BLAS to the same"
    )
    train_dp_mlp("adult", epsilon=1.0, seed=0, data=datas[0], config=TrainConfig(epochs=1))
    sigma = noise_multiplier_for(1.0, check_settings(1.0, len(datas[0].y_train), config), config)
    print(
        f"σ = {sigma:.4f} from the PRV accountant (cached for both trainers); vectorized "
        f"passes of at most {MODELS_PER_PASS} models"
    )

    start = time.perf_counter()
    for s in range(args.opacus_models):
        train_dp_mlp("adult", epsilon=1.0, seed=s, data=datas[s], config=config)
    opacus_s = (time.perf_counter() - start) / args.opacus_models
    opacus_rate = 60 / opacus_s
    print(
        f"Opacus 1.6, sequential        : {opacus_s:6.2f} s/model  {opacus_rate:6.2f} models/min"
        f"  (timed on {args.opacus_models} models)"
    )
    for k in ks:
        start = time.perf_counter()
        runs = train_many(
            "adult", epsilon=1.0, seeds=list(range(k)), datas=datas[:k], config=config
        )
        per = (time.perf_counter() - start) / k
        print(
            f"vectorized, K = {k:<3}           : {per:6.2f} s/model  {60 / per:6.2f} models/min"
            f"  → {opacus_s / per:5.1f}x Opacus  (ε spent {runs[0].epsilon_spent:.4f}, "
            f"σ {runs[0].noise_multiplier:.4f})"
        )


if __name__ == "__main__":
    main()
