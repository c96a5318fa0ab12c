"""Round 26: the compare report's per-group rates table names its intervals' method, as its
differences table does (it named none), and each table names every method its intervals used,
not the first difference's only."""

from __future__ import annotations

import re

import numpy as np

from ethiclens.fairness import compare


def test_each_table_of_the_compare_report_names_its_method(tmp_path):
    rng = np.random.default_rng(0)
    n = 1200
    y, a, b = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.integers(0, 2, n)
    result = compare(y, a, b, rng.choice(["u", "v"], n), n_boot=100, random_state=0)
    page = result.to_html(tmp_path / "c.html").read_text(encoding="utf-8")
    method = result.group_differences[0].difference.ci_method
    for section in ("differences", "group-differences"):
        body = re.search(rf'<section id="{section}">(.*?)</section>', page, re.S).group(1)
        assert f"<p>Interval method: {method}.</p>" in body, section
