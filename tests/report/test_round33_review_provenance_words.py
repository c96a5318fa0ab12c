"""Round 33 review: the run record's values were put in the JSON's words (true/false/null), but
a list of lists or of mappings in the provenance list beside it (audit.intersections, the
datasets' checksums) still printed Python's repr ("['g', 's']", "{'file': ...}"); the JSON
writes [["g", "s"]]."""

from __future__ import annotations

import numpy as np

import ethiclens
from ethiclens.report import render_html


def _section(html, name):
    part = html[html.index(f'<section id="{name}"') :]
    return part[: part.index("</section>")]


def test_lists_in_the_provenance_and_config_read_as_json():
    rng = np.random.default_rng(0)
    n = 400
    g, s = rng.choice(["a", "b"], n), rng.choice(["F", "M"], n)
    yt, yp = rng.integers(0, 2, n), rng.integers(0, 2, n)
    result = ethiclens.audit(
        yt, yp, sensitive_features={"g": g, "s": s}, intersections=[("g", "s")], n_boot=100
    )
    result.data["provenance"] = {
        "data": {
            "checksums": [{"file": "adult.data", "sha256": "ab"}],
        },
    }
    prov = _section(render_html(result), "provenance")
    assert "{&#34;file&#34;: &#34;adult.data&#34;, &#34;sha256&#34;: &#34;ab&#34;}" in prov
    assert "<dt>intersections</dt><dd>[&#34;g&#34;, &#34;s&#34;]</dd>" in prov
    for python in ("[&#39;", "{&#39;"):
        assert python not in prov
