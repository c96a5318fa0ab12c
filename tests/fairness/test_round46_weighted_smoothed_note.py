"""Round 46 (sibling of 11546303): a weighted bca/percentile audit whose group has an empty cell
draws that group's cells from the Jeffreys posterior of its Kish-effective cells, scaled to its
weight total (_posterior_cells), but each interval's ci_method said 'drawn from the Jeffreys
posterior Dirichlet(cells + 1/2)', the unweighted method. The weighted note now says so; the
unweighted note is unchanged."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens as el
from ethiclens.fairness._engine import SMOOTHED_NOTE

WEIGHTED_NOTE = "Dirichlet(Kish-effective cells + 1/2), scaled to its weight total; no bca"


def _methods(sample_weight):
    rng = np.random.default_rng(0)
    g = pd.DataFrame({"g": np.repeat(["a", "b"], 200)})
    y, p = rng.integers(0, 2, 400), rng.integers(0, 2, 400)
    p[200:] = 0  # group b is never selected: empty cells
    result = el.audit(y, p, g, sample_weight=sample_weight, ci="bca", n_boot=100, random_state=1)
    return [m.ci_method for m in result.comparisons[0].metrics.values() if m.ci_method]


def test_a_weighted_empty_cell_note_names_the_kish_effective_cells():
    weighted = _methods(np.random.default_rng(1).uniform(0.5, 3, 400))
    assert any(WEIGHTED_NOTE in m for m in weighted), weighted
    assert not any(SMOOTHED_NOTE in m for m in weighted), weighted
    plain = _methods(None)
    assert any(SMOOTHED_NOTE in m for m in plain) and not any("Kish" in m for m in plain)


def test_a_weighted_audit_without_labels_names_no_label_split():
    # without labels there is no label's Kish size: the draws are of the group's cells alone
    rng = np.random.default_rng(2)
    g = pd.DataFrame({"g": rng.choice(["a", "b"], 400)})
    p, s, w = rng.integers(0, 2, 400), rng.random(400), rng.uniform(0.5, 3, 400)
    said = (
        "weighted jeffreys (Dirichlet(Kish-effective cells + 1/2) draws per group, scaled to "
        "its weight total, equal-tailed)"
    )
    result = el.audit(None, p, g, sample_weight=w, n_boot=100, random_state=1)
    methods = [m.ci_method for m in result.comparisons[0].metrics.values() if m.ci_method]
    assert methods and all(m.startswith(said) for m in methods), methods
    table = el.threshold_table(None, s, g, sample_weight=w, n_boot=100, random_state=1)
    assert table.config["ci_method"] == said + " at each threshold"
    labelled = el.audit(rng.integers(0, 2, 400), p, g, sample_weight=w, n_boot=100)
    assert "each label's cells" in labelled.comparisons[0].metrics["disparate_impact"].ci_method
