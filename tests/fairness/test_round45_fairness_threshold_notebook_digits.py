"""Round 45 (fairness hunt): the threshold view's notebook table (_repr_html_) wrote each
threshold with ``:g``'s six digits, where the terminal and the HTML report write it as it
reads apart (12 digits): thresholds [0.3, 0.3000001] were two columns headed 0.3, and an
audited 0.1234567 read 0.123457. One formatter now (_text.decision_threshold_text)."""

import re

import numpy as np
import pandas as pd

from ethiclens import threshold_table
from ethiclens.report._terminal import _threshold


def test_notebook_columns_read_apart_as_the_reports_write_them():
    r = np.random.default_rng(0)
    g = pd.Series(r.choice(["a", "b"], 400), name="g")
    t = threshold_table(
        r.integers(0, 2, 400),
        r.random(400),
        g,
        thresholds=[0.3, 0.3000001],
        audited_threshold=0.1234567,
        n_boot=100,
        random_state=0,
    )
    html = t._repr_html_()
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", html)[1:]
    assert heads == ["0.1234567", "0.3", "0.3000001"]
    assert heads == [_threshold(x) for x in (0.1234567, 0.3, 0.3000001)]
    assert "Audited threshold 0.1234567;" in html
