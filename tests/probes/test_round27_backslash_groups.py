"""Round 27: a group name ending in a backslash prints as written in the counterfactual probe's
terminal table and lines. rich's ``escape`` doubles a trailing backslash for a closing tag that
may follow; in a table cell or at a line's end nothing follows, so the group ``x\\`` printed as
``x\\\\``, like the group ``x\\\\`` beside it."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

from ..conftest import printed

ONE, TWO = "x\\", "y\\\\"  # one and two backslashes at the end


def test_the_counterfactual_table_prints_trailing_backslashes_as_written():
    records = pd.DataFrame({"g": [ONE, TWO] * 20, "f": range(40)})
    frame = make_counterfactuals(records, "g")
    result = analyze_counterfactuals(frame, np.zeros(len(frame), int), n_boot=100)
    text = printed(result.summary("probe of C:\\data\\"))
    assert "probe of C:\\data\\\n" in text
    assert "│ x\\ → y\\\\ " in text and "│ y\\\\ → x\\ " in text
