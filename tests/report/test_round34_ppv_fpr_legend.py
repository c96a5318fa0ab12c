"""Round 34: the PPV/FPR chart labelled each metric's bars on the first group only; where that
group's rate had no value (n/a: a group whose weights are all 0, or never predicted positive)
the other groups' bars were drawn without a legend entry, and with both n/a matplotlib warned
"No artists with labels found to put in legend" and the chart had no legend at all: hatched and
plain bars no one could tell apart. Each metric is now named by its first drawn bar."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report._plots import ppv_fpr_figure


def test_the_legend_names_both_rates_when_the_first_group_has_none():
    rng = np.random.default_rng(0)
    g = np.array(["a"] * 300 + ["b"] * 300)
    w = np.r_[np.zeros(300), np.ones(300)]  # a: every weight 0, every rate undefined
    result = ethiclens.audit(
        rng.integers(0, 2, 600),
        rng.integers(0, 2, 600),
        pd.DataFrame({"g": g}),
        sample_weight=w,
        reference={"g": "b"},
        random_state=0,
    )
    groups = result.attributes[0].groups
    assert [x.group for x in groups][0] == "a"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig, _alt, _caption = ppv_fpr_figure("g", groups)
    legend = fig.axes[0].get_legend()
    assert legend is not None
    assert [t.get_text() for t in legend.get_texts()] == ["PPV (precision)", "False-positive rate"]


def test_no_bar_at_all_draws_without_a_warning():
    g = np.array(["a"] * 300 + ["b"] * 300)
    y = np.tile([0, 1], 300)
    result = ethiclens.audit(y, np.zeros(600, int), pd.DataFrame({"g": g}), random_state=0)
    groups = result.attributes[0].groups
    for x in groups:  # never predicted positive: PPV n/a; FPR 0 is a bar, so make it n/a too
        x.metrics["false_positive_rate"] = x.metrics["positive_predictive_value"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig, alt, _caption = ppv_fpr_figure("g", groups)
    assert fig.axes[0].get_legend() is None and "PPV (precision): a undefined, b undefined" in alt
