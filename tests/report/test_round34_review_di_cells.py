"""Round 34 review: 75f6437b printed a DI headline's point on its side of the policy's edges
(0.7996, not 0.800), while the comparison tables beside it still printed the point to 3 places
next to bounds with more ('0.800 [0.782, 0.816]' under 'Minimum DI: 0.7996'). Every cell that
sets a point beside its interval prints it by the bounds' rule: the terminal, the HTML report,
the model card, the notebook view and print()."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
from rich.console import Console

import ethiclens
from ethiclens.report import format_estimate, render_html, render_model_card, terminal_summary


def _audit(selected: int):
    """Reference a: 10,000 of 20,000 selected; b: ``selected`` of 20,000."""
    p = np.r_[np.ones(10000, int), np.zeros(10000, int)]
    p = np.r_[p, np.ones(selected, int), np.zeros(20000 - selected, int)]
    g = pd.DataFrame({"g": ["a"] * 20000 + ["b"] * 20000})
    return ethiclens.audit(
        np.tile([0, 1], 20000), p, g, reference={"g": "a"}, n_boot=100, random_state=0
    )


def _terminal(result) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    for line in terminal_summary(result):
        console.print(line)
    return console.file.getvalue()


def test_a_di_point_beside_the_edge_reads_on_its_side_in_every_table():
    result = _audit(7996)  # DI 0.7996: to 3 places it would read as the edge
    di = result.comparisons[0].metrics["disparate_impact"]
    assert format_estimate(di, (0.8, 1.25)).startswith("0.7996 [")
    assert format_estimate(di).startswith("0.800 [")  # no edges: 3 places, as ever
    assert "0.7996 [" in _terminal(result)
    assert "0.7996 \\[" in render_model_card(result)
    assert "0.7996<br><small>[" in render_html(result)
    assert "0.7996 [" in result._repr_html_() and "DI 0.7996 [" in repr(result)
    assert "DI 0.7996 [" in repr(result.comparisons[0])


def test_a_point_away_from_the_edges_keeps_three_places():
    result = _audit(6000)
    assert "0.600 [" in _terminal(result) and "DI 0.600 [" in repr(result)
    assert "0.600<br><small>[" in render_html(result)
