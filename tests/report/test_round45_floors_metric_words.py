"""Round 45 (sibling of 96d1b6af): the audit report's 'Sample sizes and floors' table listed
the metrics below a floor by their JSON keys ('disparate_impact, statistical_parity_difference')
where the report's tables, glossary and the compare report name them in words. They now read
the registry's label (fairness.metric_words); the JSON keeps the keys."""

import html
import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report._audit_report import _floors  # no charts: fast


def test_metrics_below_a_floor_are_named_in_words():
    rng = np.random.default_rng(0)
    g = np.array(["a"] * 250 + ["b"] * 60)  # b: below the 100-row selection floor
    n = len(g)
    result = ethiclens.audit(rng.integers(0, 2, n), rng.integers(0, 2, n),
                             pd.DataFrame({"g": g}), n_boot=100)  # fmt: skip
    rows = re.findall(r"<tr>(.*?)</tr>", html.unescape(str(_floors(result).html)), re.S)
    below = [re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)[-1] for r in rows if "<td" in r]
    said = [x for x in below if x != "none"]
    assert said and all("Disparate impact" in x for x in said), below
    assert not any("_" in x for x in below), below
    (c,) = result.comparisons  # the JSON keeps its keys
    assert c.metrics["disparate_impact"].status == "INSUFFICIENT_DATA"
