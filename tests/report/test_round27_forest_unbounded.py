"""Round 27: a comparison whose DI is unbounded (its reference never selected: DI = inf, the
interval [85.48, inf]) is marked "unbounded" on the forest plot's DI panel; matplotlib drew no
point and no line at infinity, so two FLAGGED comparisons left their rows blank."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.report._audit_report import forest_args
from ethiclens.report._plots import forest_figure


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(1)
    groups = np.array(["ref"] * 300 + ["b"] * 300 + ["c"] * 300)
    pred = rng.integers(0, 2, 900)
    pred[:300] = 0  # the reference is never selected
    return ethiclens.audit(
        rng.integers(0, 2, 900), pred, {"g": groups}, reference="ref", n_boot=100, random_state=0
    )


def test_an_unbounded_di_is_marked_on_its_row(result):
    assert all(np.isinf(c.metrics["disparate_impact"].value) for c in result.comparisons)
    fig, alt, _ = forest_figure(*forest_args(result))
    di_panel = fig.axes[0]
    marks = [t for t in di_panel.texts if t.get_text() == "unbounded"]
    assert len(marks) == len(result.comparisons) == 2
    # the axis keeps the policy band in view, not a range stretched to an interval's low end
    assert di_panel.get_xlim()[1] < 10
    # the alt text in the reports' words (round 49; was "inf")
    assert alt.count("Disparate impact unbounded, 95% CI [") == 2
