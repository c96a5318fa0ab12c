"""Round 20 (Q): a below-floor FPR balance is marked in words in the terminal table, as the DI
and EO cells are, so a terminal without colour (``| cat``) does not show it as a bare number."""

import io

import numpy as np
from rich.console import Console

import ethiclens
from ethiclens.report import terminal_summary


def test_a_below_floor_fpr_balance_says_so_without_colour():
    rng = np.random.default_rng(1)
    g = np.repeat(["R", "small"], [900, 40])
    result = ethiclens.audit(
        rng.integers(0, 2, g.size),
        rng.integers(0, 2, g.size),
        {"g": g},
        reference={"g": "R"},
        n_boot=100,
        random_state=0,
    )
    fpr = result.comparisons[0].metrics["fpr_balance"]
    assert fpr.status == "INSUFFICIENT_DATA" and fpr.value is not None
    buf = io.StringIO()
    console = Console(file=buf, width=400, color_system=None)
    for block in terminal_summary(result):
        console.print(block)
    row = next(line for line in buf.getvalue().splitlines() if "g: small vs R" in line)
    cells = [cell.strip() for cell in row.split("│")]
    assert f"{fpr.value:.3f} (below the floor)" in cells
