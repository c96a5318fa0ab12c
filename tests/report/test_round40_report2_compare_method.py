"""Round 40 (report2): ``ethiclens compare``'s terminal summary printed each B - A interval
('B - A 0.315 [-0.033, 0.629]') with neither its level nor its method (the HTML report names
both); its first line now says them."""

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import comparison_summary


def test_the_compare_summary_names_its_intervals_level_and_method():
    rng = np.random.default_rng(1)
    g = np.repeat(["a", "b"], 150)
    y, p, p2 = (rng.integers(0, 2, 300) for _ in range(3))
    c = ethiclens.compare(
        y, p, p2, sensitive_features=pd.DataFrame({"x": g}), n_boot=100, random_state=0
    )
    first = comparison_summary(c)[0]
    method = next(d.difference.ci_method for d in c.differences if d.difference.ci_low is not None)
    assert f"; 95% B - A intervals: {method}" in first, first
