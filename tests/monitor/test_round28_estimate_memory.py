"""Round 28: a run's window estimates hold the draws of a few windows at a time.

Before: ``window_estimates_batch`` drew every (comparison, window) of a run at once, an
(n × n_draws) array per estimate and two copies of it for the quantiles: a store of 200 groups
× 50 day windows peaked at 272 MiB (tracemalloc, pandas engine, 400,000 rows), 98 MiB now (the
rest is the counting and the JSON document itself). The intervals are the same to the bit: each
window keeps its own seed."""

import tracemalloc

import numpy as np

from ethiclens.monitor import _evidence
from ethiclens.monitor._evidence import window_estimates_batch


def _cells(n: int, seed: int = 28):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        n_rows = int(rng.integers(0, 60))
        pos = int(rng.integers(0, n_rows + 1))
        tp, fp = int(rng.integers(0, pos + 1)), int(rng.integers(0, n_rows - pos + 1))
        out.append({"n": n_rows, "sel": tp + fp, "pos": pos, "neg": n_rows - pos, "tp": tp,
                    "fp": fp})  # fmt: skip
    return out


def test_the_estimates_do_not_depend_on_how_many_windows_share_the_draws(monkeypatch):
    refs, grps, seeds = _cells(600, 1), _cells(600, 2), list(range(600))
    chunked = window_estimates_batch(refs, grps, seeds, n_draws=200)
    monkeypatch.setattr(_evidence, "_CHUNK", 10**6)
    assert chunked == window_estimates_batch(refs, grps, seeds, n_draws=200)
    one = window_estimates_batch(refs[300:301], grps[300:301], seeds[300:301], n_draws=200)
    assert one == chunked[300:301]


def test_the_draws_of_many_comparisons_are_not_held_at_once():
    refs, grps, seeds = _cells(1500, 3), _cells(1500, 4), list(range(1500))
    tracemalloc.start()
    try:
        window_estimates_batch(refs, grps, seeds, n_draws=1000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # all at once: 1,500 × 1,000 draws × 8 bytes = 12 MB per array, three of them (34 MiB)
    assert peak < 20 * 2**20, peak / 2**20
