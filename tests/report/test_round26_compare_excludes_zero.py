"""Round 26: a B − A interval that excludes 0 prints on its side of 0 in the compare report and
the terminal: "-0.001 [-0.001, 0.000]" stood beside "interval excludes 0: yes" (the bound was
-0.0001). An interval that spans 0 prints as before."""

from __future__ import annotations

import re

import numpy as np

from ethiclens.fairness import MetricEstimate, compare
from ethiclens.report import comparison_summary
from ethiclens.report._compare_report import difference_text


def _est(value, low, high):
    return MetricEstimate(value, low, high, "paired percentile", "REPORTED", None)


def test_the_cell_prints_an_excluding_interval_on_its_side_of_zero():
    assert difference_text(_est(-0.0006, -0.0013, -0.00012)) == "-0.001 [-0.001, -0.0001]"
    assert difference_text(_est(0.0004, 0.00004, 0.0009)) == "0.0004 [0.00004, 0.001]"
    assert difference_text(_est(-0.0002, -0.0004, 0.0001)) == "0.000 [0.000, 0.000]"  # spans 0


def test_a_report_row_marked_excluding_zero_shows_no_zero_bound(tmp_path):
    rng = np.random.default_rng(0)
    n = 20000
    y, a, g = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b"], n)
    b = a.copy()
    b[np.where((g == "b") & (a == 0))[0][:6]] = 1  # B selects six more rows of group b
    result = compare(y, a, b, g, n_boot=200, random_state=0)
    assert any(d.excludes_zero for d in result.differences)
    html = result.to_html(tmp_path / "c.html").read_text(encoding="utf-8")
    rows = re.findall(r"<td class='num'>([^<]*\[[^<]*\])</td><td>(yes|no)</td>", html)
    assert rows and any(yes == "yes" for _, yes in rows)
    for cell, yes in rows:
        bounds = [float(x) for x in re.search(r"\[(.*), (.*)\]", cell).groups()]
        if yes == "yes":
            assert 0.0 not in bounds, cell
    text = "\n".join(comparison_summary(result))
    for d in result.differences:
        if d.excludes_zero and d.metric == "disparate_impact":
            assert difference_text(d.difference) in text
