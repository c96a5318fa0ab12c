"""Round 14 of the terminal summaries: the threshold grid never cuts two row labels into the
same text (it cut every label at 29 characters, so two long groups read alike)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.fairness import threshold_table
from ethiclens.report import threshold_summary


def _table(groups: list[str]):
    rng = np.random.default_rng(0)
    n = 1200
    group = rng.choice(groups, n)
    return threshold_table(
        rng.integers(0, 2, n),
        rng.random(n).round(3),
        pd.DataFrame({"region": group}),
        n_boot=200,
        step=0.25,
    )


def _grid(lines: list[str]) -> int:
    """Where the grid's header (the thresholds, under a blank label) is: the rows follow it
    (since round 35 each attribute's reference group is named above it)."""
    return next(i for i, line in enumerate(lines) if line.startswith(" "))


def test_two_long_groups_sharing_their_start_read_apart():
    groups = ["North-Eastern metropolitan area A", "North-Eastern metropolitan area B"]
    lines = threshold_summary(_table(groups))
    rows = lines[_grid(lines) + 1 :]
    assert len(rows) == 1  # the reference is not a row: one comparison
    assert "region: North-Eastern metropolitan area " in rows[0]
    assert rows[0].split()[4] in ("A", "B")  # the group's last letter is kept


def test_long_labels_are_whole_or_elided_in_the_middle_and_stay_distinct():
    stem = "x" * 80
    groups = [f"{stem}{i}" for i in range(4)]
    lines = threshold_summary(_table(groups))
    rows = lines[_grid(lines) + 1 :]
    labels = [row[: row.index("  ")] if "  " in row else row for row in rows]
    assert len(set(labels)) == len(rows) == 3
    assert all(label.endswith(tuple("0123")) for label in labels), labels
    # the status columns line up under the thresholds' header
    header = lines[_grid(lines)]
    assert all(len(row) == len(header) for row in rows)


def test_two_long_attributes_differing_in_the_middle_stay_named_whole():
    rng = np.random.default_rng(4)
    n = 600
    left, right = "a" * 40, "b" * 40
    attrs = {
        f"{left}X{right}": rng.choice(["x", "y"], n),
        f"{left}Y{right}": rng.choice(["x", "y"], n),
    }
    table = threshold_table(
        rng.integers(0, 2, n), rng.random(n).round(3), pd.DataFrame(attrs), n_boot=200, step=0.25
    )
    lines = threshold_summary(table)
    rows = lines[_grid(lines) + 1 :]
    assert len(rows) == 2
    assert any(f"{left}X{right}: " in row for row in rows)
    assert any(f"{left}Y{right}: " in row for row in rows)
