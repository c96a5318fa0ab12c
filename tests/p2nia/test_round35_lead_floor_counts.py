"""Round 35 (lead): P2NIA's floor reasons print counts with thousands separators, as the
audit's do since e1f22939 (was 'n = 1500, below the floor of 2000')."""

import numpy as np

from ethiclens import Policy
from ethiclens.p2nia._estimate import _below_floor


def test_a_group_below_a_four_digit_floor_reads_with_separators():
    cells = np.array([[500.0, 500.0, 200.0, 300.0], [1000.0, 1000.0, 500.0, 500.0]])
    why = _below_floor("dp", cells, None, ["F", "M"], Policy(min_group_size=2000), "sex")
    assert why == "n = 1,500, below the floor of 2,000 (sex:F)"


def test_label_masses_read_with_separators():
    cells = np.array([[1200.5, 900.0, 0.0, 0.0], [3000.0, 3000.0, 0.0, 0.0]])
    why = _below_floor("eopp", cells, None, ["F", "M"], Policy(min_label_count=2000), "sex")
    assert why == "1,200.5 positive labels, below the floor of 2,000 (sex:F)"
