"""Round 34: the HTML report's "Sample sizes and floors" table.

* Effective (Kish) sizes and label counts printed without thousands separators beside row
  counts that have them ("2,500; effective 0.0 vs 2500.0", labels "1190/1310").
* A group whose weights are all 0 read "Metrics below a floor: none" beside "NO": its
  metrics are undefined, not below the floor, and the cell now says so.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import render_html


def _floor_row(result):
    html = render_html(result)
    section = html[
        html.index("id='floors'") if "id='floors'" in html else html.index('id="floors"') :
    ]
    row = re.search(r"<tbody>(.*?)</tr>", section, re.S).group(1)
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    ]


def _weighted(zero_b: bool):
    rng = np.random.default_rng(0)
    g = np.array(["A"] * 2500 + ["B"] * 1500)
    w = np.r_[np.ones(2500), np.zeros(1500) if zero_b else np.ones(1500)]
    return ethiclens.audit(
        rng.integers(0, 2, g.size),
        rng.integers(0, 2, g.size),
        pd.DataFrame({"grp": g}),
        sample_weight=w,
        reference={"grp": "A"},
        random_state=0,
    )


def test_effective_sizes_and_label_counts_have_thousands_separators():
    cells = _floor_row(_weighted(False))
    assert cells[1] == "1,500 vs 2,500; effective 1,500.0 vs 2,500.0", cells
    assert cells[2] == "729/771 vs 1,300/1,200; effective 729.0/771.0 vs 1,300.0/1,200.0"


def test_all_zero_weights_say_undefined_not_none():
    cells = _floor_row(_weighted(True))
    assert cells[3:5] == ["NO", "NO"], cells
    assert cells[5] != "none"
    assert "undefined" in cells[5] and "all zero" in cells[5], cells
