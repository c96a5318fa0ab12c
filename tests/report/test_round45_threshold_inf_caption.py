"""Round 45: the threshold view's table showed a DI of 'inf' where the reference group was never
selected and the group was (ethiclens thresholds ... --html, scores of the reference all below
the threshold), under a caption that read "'undefined': no value (e.g. a reference group never
selected)": the cell said inf, the caption said such a comparison was undefined, and nothing on
the page said what inf meant. The caption now says what 'inf' and 'undefined' each mean."""

from __future__ import annotations

import html
import re

import numpy as np

import ethiclens
from ethiclens.report._threshold_report import _verdict_table


def test_the_caption_says_what_inf_and_undefined_mean():
    rng = np.random.default_rng(5)
    n = 800
    g = rng.choice(["a", "b", "c"], n)
    s = rng.random(n) * np.where(g == "b", 1.0, 0.3)  # a and c never reach 0.5
    tt = ethiclens.threshold_table(
        rng.integers(0, 2, n), s, {"g": g}, thresholds=[0.5], reference={"g": "a"}, n_boot=200
    )
    sub = tt.frame[tt.frame["status"].notna()]
    text = html.unescape(re.sub(r"<[^>]+>", " ", str(_verdict_table(sub, tt.config))))
    assert re.search(r"b vs a\s+0\.5 \(audited\)\s+\S+\s+unbounded", text), text  # the cell
    assert re.search(r"c vs a\s+0\.5 \(audited\)\s+\S+\s+undefined", text), text
    assert "'unbounded': the reference group is never selected and the group is" in text
    assert "e.g. a reference group never selected" not in text
