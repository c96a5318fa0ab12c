"""Round 27: the PCER terminal view prints a group (and a title) ending in a backslash as
written: rich's ``escape`` doubled a trailing backslash where no tag follows, so the groups
``x\\`` and ``x\\\\`` both read ``x\\\\``."""

import numpy as np
from rich.console import Console

from ethiclens.privacy import SplitPredictions, pcer_audit, print_summary

NAMES = ["x\\", "x\\\\"]


def _split(rng, n, acc):
    g = rng.choice(NAMES, n)
    y = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < acc, y, 1 - y)
    return SplitPredictions(y, p, g, loss=rng.exponential(0.4, n))


def test_trailing_backslash_prints_as_written():
    rng = np.random.default_rng(0)
    result = pcer_audit(_split(rng, 600, 0.9), _split(rng, 300, 0.8), n_boot=100)
    console = Console(record=True, width=250)
    print_summary(result.summary("t\\"), console)
    lines = console.export_text().splitlines()
    cells = [row.split("│")[1].strip() for row in lines if row.startswith("│ x")]
    assert cells == ["x\\", "x\\\\", "x\\", "x\\\\"]  # group table, then the attack's
    assert any(line.strip().startswith("t\\ — 95% intervals") for line in lines)
    assert any("(η = 0.001, PCER_x\\ − PCER_x\\\\)" in line for line in lines)
