"""Round 44: the HTML report's forest plot and PPV/FPR chart said '95% intervals' in their
captions without the method; only the picture's own note (drawn as paths in the SVG, which no
screen reader, search or copy reaches) named it. Every interval names its method: each caption
now ends with the figure's note ('95% intervals: jeffreys.', 'bca, percentile (...)')."""

import matplotlib.figure  # noqa: F401 - imported at collection, not in the first test
import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report._audit_report import forest_args
from ethiclens.report._plots import forest_figure, ppv_fpr_figure


def _audit(ci):
    rng = np.random.default_rng(4)
    n = 400
    g = pd.Series(rng.choice(["a", "b"], n), name="g")
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    return ethiclens.audit(y, p, g, n_boot=100, random_state=0, ci=ci)


@pytest.mark.parametrize(("ci", "said"), [("jeffreys", "jeffreys"), ("bca", "bca")])
def test_each_chart_caption_names_its_interval_method(ci, said):
    result = _audit(ci)
    caption = forest_figure(*forest_args(result))[2]
    assert f"95% intervals: {said}" in caption, caption
    caption = ppv_fpr_figure("g", result.attributes[0].groups)[2]
    assert f"95% intervals: {said}" in caption, caption
