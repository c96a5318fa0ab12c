"""Round 47 (review of 9a780ab2, a notebook sibling): the threshold table's notebook view
(ThresholdTable._repr_html_) named each row 'g:  d' bare, a browser folds the spaces and
the group ' d' read 'd', where the terminal's grid and the threshold report now say ' d'.
It quotes such a name as they do, still escaped; other names as before."""

from __future__ import annotations

import html
import re

import numpy as np
import pandas as pd

from ethiclens.fairness import threshold_table


def test_the_notebook_threshold_view_quotes_spaced_names_escaped():
    rng = np.random.default_rng(4)
    g = np.repeat([" <b>x</b>", "e ", "f"], 200)
    y = rng.integers(0, 2, len(g))
    score = rng.random(len(g))
    tt = threshold_table(
        y, score, pd.DataFrame({"g": g}), reference={"g": "f"}, n_boot=100, step=0.5
    )
    page = tt._repr_html_()
    assert "<b>x" not in page  # nothing marked safe
    cells = [html.unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", page)]
    assert "g: ' <b>x</b>'" in cells and "g: 'e '" in cells
