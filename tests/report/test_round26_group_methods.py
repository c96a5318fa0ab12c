"""Round 26: the HTML report's per-group rates table names its intervals' methods, as the
comparisons table does: its caption said only "value [95% CI]" (the selection rate's interval
is a Jeffreys one, ECE's a percentile bootstrap)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import render_html


def test_the_per_group_caption_names_each_method():
    rng = np.random.default_rng(2)
    n = 900
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        pd.DataFrame({"g": rng.choice(["A", "B"], n)}),
        y_score=rng.random(n),
        n_boot=100,
        confidence_level=0.9,
    )
    page = render_html(result)
    caption = re.search(r"<caption>(Per-group rates[^<]*)</caption>", page).group(1)
    assert caption.startswith("Per-group rates, value [90% CI]. Interval methods: Selection rate")
    assert ": jeffreys; ECE: percentile." in caption
