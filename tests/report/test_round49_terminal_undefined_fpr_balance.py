"""Round 49 (report hunt): an undefined FPR balance (a group with no negative labels) read "—"
in the terminal table, where the HTML report, the model card and the terminal's own EO column
say "undefined" ("—" is a metric not computed at all)."""

import io

import numpy as np
from rich.console import Console

import ethiclens
from ethiclens.report import terminal_summary


def _row(result, label: str, bar: str = "│") -> list[str]:
    buf = io.StringIO()
    console = Console(file=buf, width=400, color_system=None)
    for block in terminal_summary(result):
        console.print(block)
    row = next(line for line in buf.getvalue().splitlines() if label in line)
    return [cell.strip() for cell in row.split(bar)]


def test_an_undefined_fpr_balance_reads_undefined_on_the_terminal():
    rng = np.random.default_rng(2)
    g = np.repeat(["R", "A"], [300, 300])
    y = np.concatenate([rng.integers(0, 2, 300), np.ones(300, int)])  # A: no negative labels
    p = rng.integers(0, 2, g.size)
    result = ethiclens.audit(y, p, {"g": g}, reference={"g": "R"}, n_boot=100)
    fpr = result.comparisons[0].metrics["fpr_balance"]
    assert fpr.value is None and fpr.status == "UNDEFINED"
    cells = _row(result, "g: A vs R")
    header = _row(result, "FPR bal.", "┃")
    assert cells[header.index("FPR bal.")] == "undefined"
    assert cells[header.index("EO diff [95% CI]")] == "undefined"  # the row's other undefined
