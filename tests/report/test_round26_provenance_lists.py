"""Round 26: the report's provenance lists a group that holds a comma in quotes, as the
sentence above it does: excluding the one group "a, b" read "audit.exclude_groups.g = a, b",
as if groups a and b (both audited) had been left out."""

from __future__ import annotations

import html
import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import render_html


def _provenance(page: str) -> dict:
    section = re.search(r'<section id="provenance">(.*?)</section>', page, re.S).group(1)
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", section)
    return {html.unescape(k): html.unescape(v) for k, v in pairs}


def test_a_group_with_a_comma_is_quoted_in_the_provenance():
    rng = np.random.default_rng(0)
    n = 1500
    g = rng.choice(["a, b", "a", "b", "c", "d"], n)
    result = ethiclens.audit(
        rng.integers(0, 2, n),
        rng.integers(0, 2, n),
        pd.DataFrame({"g": g}),
        n_boot=100,
        exclude_groups={"g": ["a, b"]},
        merge_groups={"g": {"cd": ["c", "d"]}},
    )
    shown = _provenance(render_html(result))
    assert shown["g: groups excluded"] == '"a, b"'
    assert shown["g: groups merged into cd"] == "c, d"
