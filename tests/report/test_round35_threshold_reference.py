"""Round 35: the threshold grid's terminal summary names each attribute's reference group, as
the audit's and the comparison's do (a row ``race: A`` did not say what A was compared with)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.fairness import threshold_table
from ethiclens.report import threshold_summary


def test_each_attribute_names_its_reference_group_above_the_grid():
    rng = np.random.default_rng(0)
    n = 600
    frame = pd.DataFrame({"race": rng.choice(["A", "B", "C"], n), "sex": rng.choice(["F", "M"], n)})
    table = threshold_table(
        rng.integers(0, 2, n),
        rng.random(n),
        frame,
        reference={"sex": "M", "race": "B"},
        n_boot=100,
        step=0.5,
    )
    lines = threshold_summary(table)
    header = next(i for i, line in enumerate(lines) if line.startswith(" "))
    refs = "reference groups (each row is compared with its attribute's): race: B; sex: M"
    assert refs in lines[:header]
    rows = [line.split("  ")[0] for line in lines[header + 1 :]]
    assert rows == ["race: A", "race: C", "sex: F"]


def test_a_reference_with_a_line_break_is_shown_on_one_line():
    rng = np.random.default_rng(1)
    n = 400
    groups = rng.choice(["north\nside", "south"], n, p=[0.7, 0.3])
    table = threshold_table(rng.integers(0, 2, n), rng.random(n), {"region": groups}, n_boot=100)
    lines = threshold_summary(table)
    assert any(line.endswith("): region: north\\nside") for line in lines), lines
    assert all("\n" not in line for line in lines)
