"""Round 35: the comparison's terminal summary wrote a model's undefined DI as "—" ("A —, B
0.982") where the compare HTML report and the audit's terminal table write "undefined"; it now
reads "undefined" there too."""

from __future__ import annotations

import numpy as np

import ethiclens
from ethiclens.report import comparison_summary


def test_an_undefined_model_value_reads_undefined_in_the_terminal():
    g = np.repeat(["a", "b", "c"], 300)
    y = np.tile([0, 1], 450)
    pa = np.zeros(900, dtype=int)
    pa[300:600] = 1  # under A, neither a (the reference) nor c is selected: c's DI is 0/0
    pb = np.random.default_rng(0).integers(0, 2, 900)
    comp = ethiclens.compare(y, pa, pb, {"g": g}, n_boot=100, reference={"g": "a"})
    lines = comparison_summary(comp)
    (c_di,) = [x for x in lines[lines.index("g: c vs a: UNDEFINED -> INCONCLUSIVE") :]
               if x.startswith("  Disparate impact:")][:1]  # fmt: skip
    assert c_di.startswith("  Disparate impact: A undefined, B 0.")
    assert "—" not in "\n".join(lines)
