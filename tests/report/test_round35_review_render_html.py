"""Round 35 review: ``ethiclens.report.render_html`` built an audit report of whatever it was
given: a ModelComparison or ThresholdTable failed with "'ModelComparison' object has no
attribute 'comparisons'" (a string: "no attribute 'data'"), and a Report's ``title=`` was
dropped without a word. Each result now gives its own report, as its ``to_html`` does; a title
replaces a Report's own; anything else is refused naming the argument."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import Report, render_html


def test_each_result_gives_its_own_report_and_anything_else_is_refused():
    rng = np.random.default_rng(0)
    n = 400
    y, g = rng.integers(0, 2, n), rng.choice(["a", "b"], n)
    a, b = rng.integers(0, 2, n), rng.integers(0, 2, n)
    comparison = ethiclens.compare(y, a, b, {"g": g}, n_boot=100, random_state=0)
    html = render_html(comparison, "Q3 <models>")
    assert "<title>Q3 &lt;models&gt;</title>" in html
    assert "Model comparison" in render_html(comparison)
    assert "<title>Mine</title>" in render_html(Report("Old", "sub"), "Mine")
    assert "<title>Old</title>" in render_html(Report("Old", "sub"), "  ")
    for bad in ("audit.json", None):
        with pytest.raises(EthicLensInputError, match="argument 'result_or_report'.* not "):
            render_html(bad)
