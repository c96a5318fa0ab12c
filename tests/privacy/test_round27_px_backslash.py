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


def test_interval_with_one_null_end_reads_dash():
    """A statistic or headline whose interval has one end null shows it as — (as the JSON's
    null): the cell dropped the whole interval and the headline raised TypeError."""
    from dataclasses import replace

    rng = np.random.default_rng(0)
    result = pcer_audit(_split(rng, 600, 0.9), _split(rng, 300, 0.8), n_boot=100)
    stats = result.estimates
    stats["delta_pcer"] = replace(stats["delta_pcer"], ci_high=None)
    stats["dp_gap"] = replace(stats["dp_gap"], ci_low=None)
    line = result.summary("t")[1]
    low = format(stats["delta_pcer"].ci_low, "+z.2f")
    high = format(stats["dp_gap"].ci_high, ".4f")
    assert f"[95% CI {low}, —]" in line
    assert f"DP-Gap = {stats['dp_gap'].value:.4f} [—, {high}]" in line
