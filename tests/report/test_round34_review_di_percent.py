"""Round 34 review: 75f6437b printed the minimum DI's percentage as 100 × DI beside 100 × each
edge, whose float noise made a DI exactly at its threshold read '56.9999…%' (100 × 0.57 is
56.99999999999999): the percentage is the DI's own text with its point moved, on its side of
the edges as the DI point is."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_model_card
from ethiclens.report._audit_report import min_di_note


def _audit(selected: int, threshold: float):
    """Reference a: all 1,000 selected; b: ``selected`` of 1,000 (DI = selected / 1000)."""
    p = np.r_[np.ones(1000, int), np.ones(selected, int), np.zeros(1000 - selected, int)]
    g = pd.DataFrame({"g": ["a"] * 1000 + ["b"] * 1000})
    return ethiclens.audit(
        np.tile([0, 1], 1000), p, g, reference={"g": "a"}, di_threshold=threshold, n_boot=100
    )


@pytest.mark.parametrize("threshold", [0.57, 0.58, 0.29, 0.8])
def test_a_di_exactly_at_its_threshold_reads_as_the_threshold(threshold):
    result = _audit(round(threshold * 1000), threshold)
    percent = f"{round(threshold * 100)}%"
    assert f"at {percent} of its reference group" in min_di_note(result)
    assert "9999" not in render_model_card(result)


def test_a_di_beside_its_edge_prints_more_places():
    result = _audit(799, 0.8)  # DI 0.799: '0.80' would read as the edge
    assert "at 79.9% of its reference group" in min_di_note(result)
    assert "at 60% of its" in min_di_note(_audit(600, 0.8))  # the common case, as ever
