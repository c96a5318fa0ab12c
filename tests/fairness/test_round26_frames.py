"""Round 26: a comparison's ``to_frame()`` writes a model's unbounded DI (that model never
selects the reference group) as ``inf``, as the audit's frame does, not NaN: NaN means
undefined in a frame, and the reports call it unbounded."""

from __future__ import annotations

import math

import numpy as np

from ethiclens.fairness import compare


def test_compare_frame_writes_an_unbounded_di_as_inf():
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 300)
    y = rng.integers(0, 2, 600)
    a = np.where(g == "a", rng.integers(0, 2, 600), rng.random(600) < 0.02).astype(int)
    b = np.where(g == "a", a, 0)  # model B never selects the reference b
    comp = compare(y, a, b, {"g": g}, reference={"g": "b"}, n_boot=200, random_state=0)
    d = comp.difference("g", "a", "disparate_impact")
    assert d.unbounded_b and d.value_b is None and not d.unbounded_a
    frame = comp.to_frame()
    row = frame[frame.metric == "disparate_impact"].iloc[0]
    assert row.value_b == math.inf and row.value_a == d.value_a
    assert math.isnan(row.difference)  # B − A of an unbounded DI is undefined, with its reason
    spd = frame[frame.metric == "statistical_parity_difference"].iloc[0]
    assert math.isfinite(spd.value_b)
