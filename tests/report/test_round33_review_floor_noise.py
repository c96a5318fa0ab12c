"""Round 33 review: the weighted floors table printed an effective size the floor judged as met
(within its 1e-9) as float noise on the wrong side of it: 'effective 99.99999999999999 vs 300.0'
beside 'Selection floor met: yes' (and 100.00000000000001 where it lay above)."""

from __future__ import annotations

import re

import numpy as np

import ethiclens
from ethiclens.report import render_html


def _floors_text(result) -> str:
    html = render_html(result)
    section = html[html.index('<section id="floors"') :]
    return re.sub(r"<[^>]+>", "|", section[: section.index("</section>")])


def test_an_effective_size_at_its_floor_reads_as_the_floor():
    g = np.array(["a"] * 108 + ["b"] * 300)
    rng = np.random.default_rng(0)
    yt, yp = rng.integers(0, 2, 408), rng.integers(0, 2, 408)
    for v in (0.1, 0.3, 3.3):  # 96 rows of v and 12 of 2v: Kish n is 100, up to float noise
        w = np.concatenate([np.full(96, v), np.full(12, 2 * v), np.ones(300)])
        result = ethiclens.audit(yt, yp, sensitive_features={"g": g}, sample_weight=w, n_boot=100)
        assert result.attributes[0].groups[0].n_effective != 100  # the noise is there
        assert result.comparisons[0].floors["selection_rate"]
        text = _floors_text(result)
        assert "effective 100.0 vs 300.0" in text, text
        assert "99.9999" not in text and "100.0000" not in text
