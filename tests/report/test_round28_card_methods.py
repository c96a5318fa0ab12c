"""Round 28 (auditor): the model card names its tables' interval methods, as the HTML report's
captions do. Its Metrics section said the audit's method (jeffreys) for every interval, while
ECE's and the ECE difference's are percentile bootstraps: a reader of the card alone took them
for Jeffreys intervals."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import render_model_card, render_model_card_html


def _result():
    rng = np.random.default_rng(2)
    n = 900
    return ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        pd.DataFrame({"g": rng.choice(["A", "B"], n)}),
        y_score=rng.random(n),
        n_boot=100,
    )


def test_each_card_table_names_its_interval_methods():
    card = render_model_card(_result())
    lines = [line for line in card.splitlines() if line.startswith("Interval method")]
    assert len(lines) == 2  # the per-group table's, then the comparisons'
    assert lines[0].startswith("Interval methods: Selection rate")
    assert lines[0].endswith(": jeffreys; ECE: percentile.")
    assert lines[1].startswith("Interval methods: DI, SPD")
    assert lines[1].endswith(": jeffreys; ECE diff: percentile.")
    tables = card.split("### g")[1]
    assert tables.index(lines[0]) < tables.index("| Group vs reference |") < tables.index(lines[1])
    assert "ECE: percentile." in render_model_card_html(_result())
