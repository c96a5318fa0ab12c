"""Round 26: a long group name no longer draws across the threshold plot: "group vs reference"
beside the verdict strip (the last panel) ran over every other panel, the legend covered the
first, and matplotlib warned "Tight layout not applied" on the terminal. Both are cut in their
middle, as the terminal's grid cuts them; the HTML table keeps every name whole."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report._plots import middle_cut, short_labels

LONG = "x" * 240


def test_the_plot_cuts_a_long_name_and_lays_out_without_a_warning(tmp_path):
    rng = np.random.default_rng(0)
    n = 900
    table = ethiclens.threshold_table(
        rng.integers(0, 2, n),
        rng.random(n),
        pd.DataFrame({"g": rng.choice([LONG, "A", "B"], n)}),
        reference={"g": "A"},
        step=0.25,
        n_boot=100,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Tight layout not applied" was a UserWarning
        fig = table.plot()
    texts = [t.get_text() for ax in fig.axes for t in ax.get_yticklabels()]
    legend = [t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().texts]
    assert texts and legend and max(map(len, texts + legend)) <= 40
    assert any("…" in t for t in texts) and any("…" in t for t in legend)
    html = table.to_html(tmp_path / "t.html").read_text(encoding="utf-8")
    assert LONG in html


def test_labels_are_cut_only_while_they_read_apart():
    assert middle_cut("abcdefghij", 5) == "ab…ij" and middle_cut("abc", 5) == "abc"
    assert short_labels(["a" * 30 + "1", "b"], 10) == ["aaaa…aaaa1", "b"]
    twins = ["a" * 30 + "1", "a" * 30 + "2" + "a" * 5 + "1"]
    assert short_labels(twins, 10) == twins  # cut alike: both whole


def test_the_audit_charts_cut_a_long_name_too():
    rng = np.random.default_rng(1)
    n = 900
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        pd.DataFrame({"g": rng.choice([LONG, "A", "B"], n)}),
        y_score=rng.random(n),
        reference={"g": "A"},
        n_boot=100,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "constrained_layout not applied"
        forest, rates = result.plot(kind="forest"), result.plot(kind="rates")
        for fig in (forest, rates):
            fig.canvas.draw()
    ticks = [t.get_text() for ax in forest.axes for t in ax.get_yticklabels()]
    ticks += [t.get_text() for ax in rates.axes for t in ax.get_xticklabels()]
    assert max(map(len, ticks)) <= 60 and sum("…" in t for t in ticks) == 2
    from ethiclens.report import render_html

    assert f"g: {LONG}" in render_html(result)  # the tables and the alt text keep it whole
